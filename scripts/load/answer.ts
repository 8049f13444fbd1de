/**
 * One request of the mixed load as every load script sends and judges it: on a keep-alive
 * `node:http` agent (fetch costs the generator several times the CPU, and the generator shares
 * the two cores with what it measures), and classed as answered, shed or failed.
 */
import { Agent } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { send } from "../bench/http-send.js";
import type { LoadRequest, ResponseCheck } from "./mixed-load.js";

/**
 * "shed": a 503 with `Retry-After`, the service turning work away on purpose to stay up;
 * counted apart from failures (timeouts, errors, wrong answers), which a run must not have.
 */
export type Answer = { outcome: "ok" } | { outcome: "shed" } | { outcome: "failed"; reason: string };

export function loadAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: Infinity });
}

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
    const err = error as Error & { code?: string };
    return { outcome: "failed", reason: `${request.kind}: ${err.name === "TimeoutError" ? "no answer in time" : (err.code ?? err.message)}` };
  }
}

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === "br") return brotliDecompressSync(body).toString();
  if (encoding === "gzip") return gunzipSync(body).toString();
  if (encoding === "deflate") return inflateSync(body).toString();
  return body.toString();
}
