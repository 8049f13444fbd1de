/** One HTTP exchange on a keep-alive agent, the body read whole: what the benchmarks' own clients do. */
import { request, type Agent, type IncomingHttpHeaders } from "node:http";
import type { Socket } from "node:net";

export type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** When a kept-alive socket last finished a response: how long it sat idle before the next request. */
const FREED_AT = Symbol("freedAt");
type TrackedSocket = Socket & { [FREED_AT]?: number };

/** A failed request's error: whether its connection was kept alive, and for how long it had been idle then. */
export type SendError = Error & { reusedSocket?: boolean; idleMs?: number };

/** A request not answered within `timeoutMs` is destroyed and rejected with an error named "TimeoutError". */
export function send(
  agent: Agent,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, method: init.method ?? "GET", headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        clearTimeout(timer);
        if (used) used[FREED_AT] = performance.now();
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    const timer =
      init.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            const timeout = new Error(`no answer in ${init.timeoutMs} ms`);
            timeout.name = "TimeoutError";
            req.destroy(timeout);
          }, init.timeoutMs);
    let idleMs: number | undefined;
    let used: TrackedSocket | undefined;
    req.on("socket", (socket: TrackedSocket) => {
      used = socket;
      const freedAt = socket[FREED_AT];
      idleMs = freedAt === undefined ? undefined : performance.now() - freedAt;
    });
    req.on("error", (error: SendError) => {
      clearTimeout(timer);
      // Whether the request went out on a kept-alive connection, and after how long idle: a reset
      // there is most often the server closing it as idle while the request was on its way
      // (Node's http docs, `request.reusedSocket`), a reset on a new connection is not.
      error.reusedSocket = req.reusedSocket;
      if (req.reusedSocket) error.idleMs = idleMs;
      reject(error);
    });
    req.end(init.body);
  });
}
