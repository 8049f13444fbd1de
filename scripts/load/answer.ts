/**
 * One request of the mixed load as every load script sends and judges it (on the load
 * driver's keep-alive agent, scripts/lib/load-driver.ts), classed as answered, shed or failed.
 */
import type { Agent } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { send, type SendError } from "../lib/http-send.js";
import type { Answer, Attempt } from "../lib/load-driver.js";

export type LoadRequest = {
  kind: string;
  path: string;
  /** Fixture ids the response must hold, all of them: set where only a complete index answers so. */
  expectIds?: readonly number[];
  /** The key to send it with, when not the load's own (bench:cluster spreads bettors' keys over the proxy's instances). */
  key?: string;
};

/** A reason when a 200 response is still wrong (e.g. from an incomplete index), else null. */
export type ResponseCheck = (request: LoadRequest, body: string) => string | null;

export type LoadTarget = { baseUrl: string; key: string; next: () => LoadRequest; timeoutMs: number; check?: ResponseCheck | undefined };

export async function sendLoadRequest(
  agent: Agent,
  baseUrl: string,
  key: string,
  request: LoadRequest,
  options: { timeoutMs: number; check?: ResponseCheck | undefined },
): Promise<Answer> {
  try {
    // The encodings fetch asks for (what the load sent before, and what clients send): the
    // service's compression is part of what a request costs.
    const headers = { "x-api-key": key, "accept-encoding": "gzip, deflate, br" };
    const reply = await send(agent, baseUrl + request.path, { headers, timeoutMs: options.timeoutMs });
    if (reply.status === 503 && reply.headers["retry-after"] !== undefined) return { outcome: "shed" };
    if (reply.status !== 200) return { outcome: "failed", reason: `${request.kind}: HTTP ${reply.status} ${decoded(reply.body, reply.headers["content-encoding"]).slice(0, 120)}` };
    // Only a check reads the body: decoding every answer would spend the generator's CPU for nothing.
    const wrong = options.check?.(request, decoded(reply.body, reply.headers["content-encoding"]));
    return wrong ? { outcome: "failed", reason: `${request.kind}: ${wrong}` } : { outcome: "ok" };
  } catch (error) {
    const err = error as SendError & { code?: string };
    // Where the connection is known (an error of the request itself), say which kind it was and,
    // kept alive, how long it had sat idle (against the server's keep-alive timeout).
    const connection = err.reusedSocket === undefined ? "" : err.reusedSocket ? ` on a kept-alive connection${idleBucket(err.idleMs)}` : " on a new connection";
    const what = err.name === "TimeoutError" ? "no answer in time" : `${err.code ?? err.message}${connection}`;
    return { outcome: "failed", reason: `${request.kind}: ${what}` };
  }
}

const IDLE_STEPS_S = [1, 4, 10] as const;

/** A kept-alive connection's idle time before the failed request, in coarse steps (failures are grouped by reason). */
function idleBucket(ms: number | undefined): string {
  if (ms === undefined) return "";
  const step = IDLE_STEPS_S.find((seconds) => ms < seconds * 1000);
  return step === undefined ? ` idle ${IDLE_STEPS_S.at(-1)} s or more` : ` idle under ${step} s`;
}

/** The load driver's attempt for `target`: its next request, sent and judged. */
export function loadAttempt(target: LoadTarget): Attempt {
  return (agent) => {
    const request = target.next();
    return sendLoadRequest(agent, target.baseUrl, request.key ?? target.key, request, { timeoutMs: target.timeoutMs, check: target.check });
  };
}

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === "br") return brotliDecompressSync(body).toString();
  if (encoding === "gzip") return gunzipSync(body).toString();
  if (encoding === "deflate") return inflateSync(body).toString();
  return body.toString();
}
