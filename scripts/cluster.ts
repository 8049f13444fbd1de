/**
 * `npm run cluster [-- --port 3000 --es-port 9210 --stats-port 8404 --redis-port 6390 --no-simulate --speed N --tick MS]`:
 * the topology of docs/operations.md ("Running several instances") on this machine, with the data
 * `npm start` would serve (the real data when ../shared/data/openfootball is there):
 *  1. a 3-node Elasticsearch cluster, HTTP --es-port..+2 and transport +100 (9210 by default, so it
 *     runs beside `npm start`'s single node on 9200), started like `npm run es:start -- --nodes 3`
 *     when it is down;
 *  2. the data and a first key, as `npm start` prepares them, under the startup lease;
 *  3. Redis (Debian's redis-server) on --redis-port, no persistence: the instances share each
 *     key's rate limit and stream cap through it (REDIS_URL; without the package they limit
 *     alone, and this says so);
 *  HAProxy and Redis are Debian's packages: run as root with apt-get (as CI), this installs the
 *  missing ones; otherwise it names the command (and stops without HAProxy, which it cannot do without);
 *  4. three instances of the compiled service (`npm run build`), on --port+1..+3, INSTANCE_ID
 *     instance-1..3 (each answer's X-Instance names one);
 *  5. HAProxy (Debian's package) on --port with deploy/haproxy/haproxy.cfg: health checks on /ready,
 *     a failed read retried once on another instance, a key's requests on one instance;
 *  6. one live simulator (`npm run simulate`) beside them, unless --no-simulate: the live feed
 *     has one writer, never one per instance.
 * Prints the URLs (clients use the proxy's). Ctrl-C stops what it started: the simulator, the
 * proxy, the instances, Redis, and the Elasticsearch nodes when this run started them (a cluster that
 * was already running keeps running). Logs: <tmp>/sfd-cluster/*.log.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdir, open } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parsePort } from "./es/options.js";
import { ensureElasticsearch, stopElasticsearch } from "./es/provision.js";
import { clusterPlanNodes } from "./chaos/cluster-nodes.js";
import { checkHaproxyConfig, HAPROXY_CONFIG, HAPROXY_SERVERS, haproxyBinary, startHaproxy, statsUrl, waitForStates, type ProxyLayout } from "./lib/haproxy.js";
import { ensureData, ensureFirstKey, whileHoldingStartupLease } from "./lib/prepare-data.js";
import { runScript } from "./lib/cli.js";
import { redisInstalled, startRedis, type RedisServer } from "./lib/redis-server.js";
import { ensureDebianPackages, installCommand } from "./lib/debian-packages.js";
import { buildService, startService } from "./lib/service.js";
import { PROJECT_ROOT } from "../src/paths.js";
import { parseSimulatorArgs } from "../src/live/simulator-args.js";

const NODES = 3;
const HOST = "127.0.0.1";
const log = (line: string): void => console.log(`[cluster] ${line}`);

type Child = { name: string; process: ChildProcess; logFile: string };

async function main(): Promise<number> {
  const { values } = parseArgs({
    allowNegative: true,
    options: {
      port: { type: "string", default: "3000" },
      "es-port": { type: "string", default: "9210" },
      "stats-port": { type: "string", default: "8404" },
      "redis-port": { type: "string", default: "6390" },
      simulate: { type: "boolean", default: true },
      speed: { type: "string", default: "1" },
      tick: { type: "string", default: "1000" },
    },
  });
  const port = parsePort(values.port, "--port");
  const esPort = parsePort(values["es-port"], "--es-port");
  const statsPort = parsePort(values["stats-port"], "--stats-port");
  const redisPort = parsePort(values["redis-port"], "--redis-port");
  const simulatorArgs = ["--speed", values.speed, "--tick", values.tick];
  parseSimulatorArgs(simulatorArgs);
  // HAProxy and Redis come from Debian's packages: installed here when this runs as root with
  // apt-get (as CI does), otherwise named in one command.
  const missing = ensureDebianPackages(
    [
      { name: "haproxy", installed: () => haproxyBinary() !== null },
      { name: "redis-server", installed: redisInstalled },
    ],
    log,
  );
  const binary = haproxyBinary();
  if (!binary) throw new Error(`haproxy is not installed; run: ${installCommand(missing)} (docs/operations.md, "Running several instances")`);
  const withRedis = !missing.includes("redis-server");

  const instancePorts = [port + 1, port + 2, port + 3] as const;
  const layout: ProxyLayout = {
    bind: `${HOST}:${port}`,
    statsBind: `${HOST}:${statsPort}`,
    instances: [`${HOST}:${instancePorts[0]}`, `${HOST}:${instancePorts[1]}`, `${HOST}:${instancePorts[2]}`],
  };
  // Before anything starts: a port in use or a bad proxy configuration is a message, not half a cluster.
  for (const taken of [port, statsPort, ...instancePorts, ...(withRedis ? [redisPort] : [])]) await assertFree(taken);
  checkHaproxyConfig(binary, layout);

  const nodeUrls = clusterPlanNodes(esPort, NODES).map((node) => node.url);
  const elasticsearch = await ensureElasticsearch({ port: esPort, nodes: NODES, log });
  // Everything below (the data, the key, the children) reads its configuration from the environment.
  process.env.ELASTICSEARCH_URL = nodeUrls.join(",");

  const proxyUrl = `http://${layout.bind}`;
  const logDir = join(tmpdir(), "sfd-cluster");
  await mkdir(logDir, { recursive: true });
  const children: Child[] = [];
  let stopping: Promise<void> | undefined;
  let redis: RedisServer | null = null;
  const stop = (): Promise<void> => (stopping ??= stopAll(children, elasticsearch.startedNow ? esPort : null).then(() => redis?.stop()));
  process.on("SIGINT", () => void stop().then(() => process.exit(0)));
  process.on("SIGTERM", () => void stop().then(() => process.exit(0)));

  try {
    let keyLines: string[] = [];
    await whileHoldingStartupLease(async () => {
      await ensureData();
      keyLines = await ensureFirstKey("first key (npm run cluster)", proxyUrl);
    });

    if (withRedis) {
      redis = await startRedis(redisPort);
      log(`Redis at ${redis.url}: the instances share each key's rate limit and stream cap.`);
    } else {
      log(`redis-server is not installed (${installCommand(["redis-server"])}): each instance limits its keys alone.`);
    }
    const shared: NodeJS.ProcessEnv = redis ? { REDIS_URL: redis.url } : {};

    log("Building the service (npm run build) ...");
    const entry = await buildService();
    for (const [i, name] of HAPROXY_SERVERS.entries()) {
      const child = await withLogFile(join(logDir, `${name}.log`), (fd) =>
        startService(entry, [], { PORT: String(instancePorts[i]), INSTANCE_ID: name, ...serviceDefaults(), ...shared }, { stdout: fd }),
      );
      children.push({ name, process: child, logFile: join(logDir, `${name}.log`) });
      log(`${name} ready at http://${layout.instances[i]} (pid ${child.pid})`);
    }

    const haproxyLog = join(logDir, "haproxy.log");
    const proxy = await withLogFile(haproxyLog, (fd) => startHaproxy(binary, layout, fd));
    children.push({ name: "haproxy", process: proxy, logFile: haproxyLog });
    await waitForStates(layout, Object.fromEntries(HAPROXY_SERVERS.map((name) => [name, "UP" as const])), 15_000);

    if (values.simulate) {
      const simulateLog = join(logDir, "simulator.log");
      const simulator = await withLogFile(simulateLog, async (fd) =>
        spawn(process.execPath, ["--import", "tsx", "scripts/simulate.ts", ...simulatorArgs], { cwd: PROJECT_ROOT, stdio: ["ignore", fd, fd] }),
      );
      children.push({ name: "simulator", process: simulator, logFile: simulateLog });
    }
    for (const child of children) {
      child.process.once("exit", (code, signal) => {
        if (!stopping) log(`${child.name} (pid ${child.process.pid}) exited (${signal ?? `code ${code}`}); see ${child.logFile}`);
      });
    }

    console.log("");
    console.log(`Proxy (clients use this URL): ${proxyUrl}   (HAProxy ${HAPROXY_CONFIG})`);
    console.log(`HAProxy's stats:              ${statsUrl(layout)}`);
    for (const [i, name] of HAPROXY_SERVERS.entries()) console.log(`Instance ${name}:          http://${layout.instances[i]}`);
    console.log(`Shared limits (Redis):        ${redis ? redis.url : `none: each instance limits alone (${installCommand(["redis-server"])})`}`);
    console.log(`Elasticsearch nodes:          ${nodeUrls.join(", ")}${elasticsearch.startedNow ? "" : " (already running; left running)"}`);
    console.log(`Logs:                         ${logDir}/{${children.map((child) => child.name).join(",")}}.log`);
    if (values.simulate) console.log(`Live simulator:               one process at ${values.speed}x real time (--no-simulate turns it off)`);
    for (const line of keyLines) console.log(line);
    console.log("Ctrl-C stops everything this started.");
  } catch (error) {
    await stop();
    throw error;
  }
  // Runs until a signal; the handlers above stop everything and exit.
  await new Promise(() => undefined);
  return 0;
}

/**
 * The instances run with the service's own defaults or the operator's environment, not the
 * benchmarks' (startService turns rate limiting and draining off for them): undefined leaves a
 * variable unset in the child.
 */
function serviceDefaults(): NodeJS.ProcessEnv {
  return { RATE_LIMIT_PER_SECOND: process.env.RATE_LIMIT_PER_SECOND, DRAIN_SECONDS: process.env.DRAIN_SECONDS };
}

/** Opens `file` for a child's output; the child keeps its own copy of the descriptor. */
async function withLogFile<T>(file: string, start: (fd: number) => Promise<T>): Promise<T> {
  const handle = await open(file, "w");
  try {
    return await start(handle.fd);
  } finally {
    await handle.close();
  }
}

async function assertFree(port: number): Promise<void> {
  const server = createServer();
  try {
    server.listen(port, HOST);
    await once(server, "listening");
  } catch {
    throw new Error(`port ${port} on ${HOST} is in use (choose others with --port, --stats-port)`);
  } finally {
    server.close();
  }
}

/**
 * The simulator and the instances get SIGINT (they stop at once: with everything stopping there
 * is nowhere to drain to), HAProxy SIGTERM; whatever still runs after 15 s is killed. Then the
 * Elasticsearch nodes, when this run started them (`esPort`).
 */
async function stopAll(children: readonly Child[], esPort: number | null): Promise<void> {
  log("Stopping ...");
  const running = children.filter((child) => child.process.exitCode === null && child.process.signalCode === null);
  for (const child of running) child.process.kill(child.name === "haproxy" ? "SIGTERM" : "SIGINT");
  await Promise.all(
    running.map(async (child) => {
      const killer = setTimeout(() => child.process.kill("SIGKILL"), 15_000);
      if (child.process.exitCode === null && child.process.signalCode === null) await once(child.process, "exit");
      clearTimeout(killer);
      log(`Stopped ${child.name}.`);
    }),
  );
  if (esPort !== null) await stopElasticsearch({ port: esPort, nodes: NODES, log });
}

runScript("cluster", main);
