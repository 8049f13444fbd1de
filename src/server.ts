import type { Server } from "node:http";
import { pathToFileURL } from "node:url";
import { createApp } from "./app.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { createDeps } from "./deps.js";
import type { AppDeps } from "./http/context.js";
import { createHttpServer } from "./http-server.js";
import { ensurePersistentIndices } from "./store/ensure-index.js";

/**
 * Connections the kernel holds for the server before it accepts them (the kernel caps it at
 * net.core.somaxconn, 4,096 on current Linux). Node's default, 511, overflows when a thousand
 * stream clients connect at once (a deploy, a network blip: every EventSource reconnects
 * together): the kernel drops the handshakes past it (ListenOverflows in /proc/net/netstat) and
 * the clients retry a second later, which adds a second or two to their snapshots.
 */
export const LISTEN_BACKLOG = 4_096;

/**
 * What `npm start` adds to the server: its own `deps` (to watch the writer in the same metrics),
 * and work to finish on SIGTERM/SIGINT before the process exits (the live writer gives its
 * lease back), started at once beside the server's close.
 */
export type ServerExtras = { deps?: AppDeps; onShutdown?: () => Promise<void> };

/** Starts the HTTP server and stops it gracefully on SIGTERM/SIGINT. */
export async function startServer(config: Config = loadConfig(), extras: ServerExtras = {}): Promise<Server> {
  const deps = extras.deps ?? createDeps(config);
  const { logger, es, indices } = deps;

  // Keys and bet builders live outside the versioned rebuild; make sure their indices
  // exist so the first `api-key create` and the first request do not race to create them.
  await ensurePersistentIndices(es, indices, config.indexReplicas).catch((error: unknown) => {
    logger.warn({ err: error }, "could not ensure the persistent indices; /ready stays 503 until Elasticsearch answers");
  });

  const server = createHttpServer(createApp(deps).callback(), { instanceId: config.instanceId });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, resolve));
  logger.info({ host: config.host, port: config.port, instance: config.instanceId, elasticsearch: config.elasticsearch.nodes }, "listening");

  let closing = false;
  // The caller's own shutdown work (the live writer gives its lease back) starts with the signal,
  // not after the drain: another instance takes over the writing at once.
  let extrasStopped: Promise<void> | null = null;
  const stopExtras = () =>
    (extrasStopped ??= (extras.onShutdown?.() ?? Promise.resolve()).catch((error: unknown) => {
      logger.error({ err: error }, "shutdown work failed");
    }));
  const close = () => {
    if (closing) return;
    closing = true;
    logger.info("shutting down");
    // Open streams end first (clients reconnect elsewhere); server.close waits for every connection.
    deps.streams.close();
    server.close(() => {
      void stopExtras().then(() => Promise.allSettled([es.close(), deps.sharedState?.close()])).finally(() => process.exit(0));
    });
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 10_000).unref();
  };
  // SIGTERM (an orchestrator, a rolling restart) drains first (docs/operations.md, "Draining"):
  // /ready turns 503 and new streams are refused at once, ordinary requests are answered for
  // DRAIN_SECONDS while the proxy's health check takes the instance out, then open streams end,
  // so their clients reconnect through the proxy to another instance. SIGINT (Ctrl-C) and a
  // second signal close at once.
  const shutdown = (signal: NodeJS.Signals) => {
    const drainMs = signal === "SIGTERM" && !deps.draining.active ? config.drainSeconds * 1000 : 0;
    deps.draining.start();
    void stopExtras();
    if (drainMs === 0) return close();
    logger.info({ signal, drain_seconds: config.drainSeconds }, "draining");
    setTimeout(close, drainMs);
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
  return server;
}

function reportStartupFailure(error: unknown): never {
  // Before the logger exists there is only stderr; a config error is already a clear message.
  process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  startServer().catch(reportStartupFailure);
}
