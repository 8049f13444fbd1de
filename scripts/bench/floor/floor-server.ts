/**
 * The floors under any service on this machine: servers that, per request, make the same
 * Elasticsearch round trips as the service and answer the service's own response bytes,
 * captured once at start. No auth, no validation, no presenting, no logging.
 * - `bare`: node:http, the node's answers kept as bytes (node-send.ts, `bareNodeSend`): only
 *   the extra hop and the API's bytes. floor/raw is what the machine charges for the hop alone.
 * - `stack`: the stack the service is built on and may not leave (koa with @koa/router, the
 *   project's @elastic/elasticsearch client, which parses every answer: `clientNodeSend`).
 *   stack/floor is what that stack costs before any code of ours runs, service/stack what our
 *   code adds on top of it.
 *
 * A benchmark runs each as a child process (like the service, so its CPU is not the load
 * generator's) and measures them in the same run as the service and the node.
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { Agent, createServer } from "node:http";
import Router from "@koa/router";
import Koa from "koa";
import { freePort, startService } from "../../lib/service.js";
import type { Config } from "../../../src/config.js";
import { createElasticsearchClient } from "../../../src/store/client.js";
import { send } from "../../lib/http-send.js";
import { bareNodeSend, clientNodeSend, type NodeReply, type NodeSend } from "./node-send.js";

/** Which floor a floor-mode child serves (FLOOR_KIND): see the file's comment. */
export type FloorKind = "bare" | "stack";

export type FloorRoute = {
  /** The path the floor answers on, e.g. `/floor/0`. */
  path: string;
  /** The service's URL (with its query) whose response bytes the floor answers. */
  serviceUrl: string;
  /** The Elasticsearch round trips of one request, as the service makes them; the answers are dropped. */
  roundTrips: () => Promise<NodeReply>;
};

type Replies = Map<string, { roundTrips: FloorRoute["roundTrips"]; body: Buffer }>;

/** FLOOR_KIND of a floor-mode child: "bare" unless "stack". */
export function floorKind(): FloorKind {
  return process.env.FLOOR_KIND === "stack" ? "stack" : "bare";
}

/** How a floor of `kind` sends its node requests: the project's client for the stack floor, bare node:http for the other. */
export function floorNodeSend(kind: FloorKind, elasticsearch: Config["elasticsearch"]): NodeSend {
  return kind === "stack" ? clientNodeSend(createElasticsearchClient(elasticsearch)) : bareNodeSend(new Agent({ keepAlive: true }));
}

/** Reads the service's reply for every route once, then serves them as `kind` on PORT; `/ready` answers when it does. */
export async function serveFloor(routes: FloorRoute[], apiKey: string, kind: FloorKind): Promise<void> {
  const agent = new Agent({ keepAlive: true });
  const replies: Replies = new Map();
  for (const route of routes) {
    const reply = await send(agent, route.serviceUrl, { headers: { "x-api-key": apiKey } });
    if (reply.status !== 200) throw new Error(`floor: the service answered ${reply.status} for ${route.serviceUrl}`);
    replies.set(route.path, { roundTrips: route.roundTrips, body: reply.body });
  }
  agent.destroy();
  const server = kind === "stack" ? createServer(stackApp(replies).callback()) : bareServer(replies);
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env.PORT), "127.0.0.1");
  await once(server, "listening");
}

/** The bare floor: node:http and nothing else. */
function bareServer(replies: Replies) {
  return createServer((req, res) => {
    if (req.url === "/ready") return void res.end("ok");
    const route = replies.get(req.url ?? "");
    if (!route) return void res.writeHead(404).end();
    route.roundTrips().then(
      (answer) => {
        if (answer.status !== 200) return void res.writeHead(502).end();
        res.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": route.body.length });
        res.end(route.body);
      },
      () => void res.writeHead(502).end(),
    );
  });
}

/** The stack floor: a Koa app with one @koa/router route per scenario, answering the captured bytes. */
function stackApp(replies: Replies): Koa {
  const router = new Router();
  router.get("/ready", (ctx) => {
    ctx.body = "ok";
  });
  for (const [path, route] of replies) {
    router.get(path, async (ctx) => {
      const answer = await route.roundTrips().catch(() => null);
      if (answer?.status !== 200) {
        ctx.status = 502;
        return;
      }
      ctx.type = "application/json; charset=utf-8";
      ctx.body = route.body;
    });
  }
  const app = new Koa();
  app.use(router.routes());
  return app;
}

/**
 * Starts `entry --floor` (a benchmark in its floor mode, which calls `serveFloor`) as a
 * child process beside the running service, whose replies it captures with `apiKey`. It runs
 * with the service's V8 flags and malloc settings, so that code is all that differs.
 */
export async function startFloor(
  entry: string,
  kind: FloorKind,
  env: { INDEX_PREFIX: string; serviceUrl: string; apiKey: string } & Record<string, string>,
): Promise<StartedFloor> {
  const { serviceUrl, apiKey, ...rest } = env;
  const port = await freePort();
  const floorEnv = { ...rest, PORT: String(port), FLOOR_KIND: kind, FLOOR_SERVICE_URL: serviceUrl, FLOOR_API_KEY: apiKey };
  const child = await startService(entry, ["--floor"], floorEnv);
  return { url: `http://127.0.0.1:${port}`, child };
}

type StartedFloor = { url: string; child: ChildProcess };

/**
 * Both floors of a latency benchmark, started one after the other (`startFloor`); the stack
 * floor is stopped again when the bare one fails to start, so a caller only ever holds both.
 */
export async function startFloors(
  entry: string,
  env: { INDEX_PREFIX: string; serviceUrl: string; apiKey: string } & Record<string, string>,
): Promise<{ stack: StartedFloor; floor: StartedFloor }> {
  const stack = await startFloor(entry, "stack", env);
  try {
    return { stack, floor: await startFloor(entry, "bare", env) };
  } catch (error) {
    stack.child.kill();
    throw error;
  }
}
