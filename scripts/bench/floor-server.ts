/**
 * The floor under any service on this machine: a bare node:http server that, per request,
 * makes the same Elasticsearch round trips as the service and answers the service's own
 * response bytes, captured once at start. No Koa, no auth, no parsing, no presenting, no
 * logging: only the extra hop and the API's bytes.
 *
 * A benchmark runs it as a child process (like the service, so its CPU is not the load
 * generator's) and measures it in the same run as the service and the node. floor/raw is
 * then what the machine charges for the hop alone, and service/floor what the service's
 * own code adds on top of it.
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { Agent, createServer } from "node:http";
import { freePort, startService } from "./bench-service.js";
import { send } from "./http-send.js";

export type FloorRoute = {
  /** The path the floor answers on, e.g. `/floor/0`. */
  path: string;
  /** The service's URL (with its query) whose response bytes the floor answers. */
  serviceUrl: string;
  /** The Elasticsearch round trips of one request, as the service makes them; the answers are dropped. */
  roundTrips: () => Promise<{ status: number }>;
};

/** Reads the service's reply for every route once, then listens on PORT; `/ready` answers when it does. */
export async function serveFloor(routes: FloorRoute[], apiKey: string): Promise<void> {
  const agent = new Agent({ keepAlive: true });
  const replies = new Map<string, { roundTrips: FloorRoute["roundTrips"]; body: Buffer }>();
  for (const route of routes) {
    const reply = await send(agent, route.serviceUrl, { headers: { "x-api-key": apiKey } });
    if (reply.status !== 200) throw new Error(`floor: the service answered ${reply.status} for ${route.serviceUrl}`);
    replies.set(route.path, { roundTrips: route.roundTrips, body: reply.body });
  }
  const server = createServer((req, res) => {
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
  server.keepAliveTimeout = 65_000;
  server.listen(Number(process.env.PORT), "127.0.0.1");
  await once(server, "listening");
}

/**
 * Starts `entry --floor` (a benchmark in its floor mode, which calls `serveFloor`) as a
 * child process beside the running service, whose replies it captures with `apiKey`.
 */
export async function startFloor(
  entry: string,
  env: { INDEX_PREFIX: string; serviceUrl: string; apiKey: string } & Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const { serviceUrl, apiKey, ...rest } = env;
  const port = await freePort();
  const child = await startService(entry, ["--floor"], { ...rest, PORT: String(port), FLOOR_SERVICE_URL: serviceUrl, FLOOR_API_KEY: apiKey });
  return { url: `http://127.0.0.1:${port}`, child };
}
