/**
 * One request of bench:fair, sent on the load driver's keep-alive agent and kept as what a
 * fairness figure needs: status, latency, the cost the service says it measured (`Request-Cost`)
 * and how it asked to be left alone (`Retry-After`). The load scripts' own attempt
 * (scripts/load/answer.ts) judges a reply and drops its headers; these are the figures here.
 */
import type { Agent, IncomingHttpHeaders } from "node:http";
import { send } from "../../lib/http-send.js";
import type { Answer } from "../../lib/load-driver.js";

export type Group = "ordinary" | "hammering";

export type Exchange = {
  group: Group;
  kind: string;
  /** 0 when no answer came (a connection error or the timeout). */
  status: number;
  ms: number;
  /** Request-Cost in units, null when the header is missing or not a whole number. */
  cost: number | null;
  /** Retry-After in seconds, null when absent. */
  retryAfter: number | null;
  /** Whether RateLimit-Limit came (every limited response, refused or not, carries it). */
  rateLimitHeaders: boolean;
  /** Why it failed when it got no answer. */
  error?: string;
};

const wholeHeader = (headers: IncomingHttpHeaders, name: string): number | null => {
  const value = headers[name];
  return typeof value === "string" && /^[0-9]+$/.test(value.trim()) ? Number(value) : null;
};

/** Sends `path` with `key` and returns what came back; never throws. */
export async function exchange(agent: Agent, baseUrl: string, key: string, request: { group: Group; kind: string; path: string }, timeoutMs: number): Promise<Exchange> {
  const { group, kind } = request;
  const started = performance.now();
  try {
    // The encodings clients send (as the load scripts do): compression is part of what a request costs.
    const reply = await send(agent, baseUrl + request.path, { headers: { "x-api-key": key, "accept-encoding": "gzip, deflate, br" }, timeoutMs });
    const { headers } = reply;
    return {
      group,
      kind,
      status: reply.status,
      ms: performance.now() - started,
      cost: wholeHeader(headers, "request-cost"),
      retryAfter: wholeHeader(headers, "retry-after"),
      rateLimitHeaders: headers["ratelimit-limit"] !== undefined,
    };
  } catch (error) {
    const err = error as Error & { code?: string };
    return { group, kind, status: 0, ms: performance.now() - started, cost: null, retryAfter: null, rateLimitHeaders: false, error: err.name === "TimeoutError" ? "no answer in time" : (err.code ?? err.message) };
  }
}

/** Answered: a 2xx or a 304, what a client got its data from. */
export const answered = (status: number): boolean => (status >= 200 && status < 300) || status === 304;

/** The load driver's judgement of an exchange: a 503 with Retry-After is shed, anything else not answered failed. */
export function answerOf(sent: Exchange): Answer {
  if (answered(sent.status)) return { outcome: "ok" };
  if (sent.status === 503 && sent.retryAfter !== null) return { outcome: "shed" };
  return { outcome: "failed", reason: sent.error ?? `HTTP ${sent.status}` };
}
