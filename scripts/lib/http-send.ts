/** One HTTP exchange on a keep-alive agent, the body read whole: what the benchmarks' own clients do. */
import { request, type Agent, type IncomingHttpHeaders } from "node:http";

export type Reply = { status: number; headers: IncomingHttpHeaders; body: Buffer };

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
    req.on("error", (error: Error & { reusedSocket?: boolean }) => {
      clearTimeout(timer);
      // Whether the request went out on a kept-alive connection: a reset there is most often the
      // server closing it as idle while the request was on its way (Node's http docs,
      // `request.reusedSocket`), a reset on a new connection is not.
      error.reusedSocket = req.reusedSocket;
      reject(error);
    });
    req.end(init.body);
  });
}
