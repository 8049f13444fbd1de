/**
 * The mixed load sent open-loop (scripts/lib/load-driver.ts): requests leave at a fixed rate
 * whether or not earlier ones have answered, each timed and counted under the current phase.
 */
import { OpenLoop, type PhaseSummary } from "../lib/load-driver.js";
import { loadAttempt, type LoadRequest, type ResponseCheck } from "./answer.js";

export type { LoadRequest, ResponseCheck } from "./answer.js";
export type { PhaseSummary } from "../lib/load-driver.js";

export interface MixedLoadOptions {
  baseUrl: string;
  key: string;
  /** Requests per second. */
  rate: number;
  /** The next request to send; called once per request. */
  next: () => LoadRequest;
  check?: ResponseCheck;
  /** A request that has not answered by then is a failure ("timeout"). */
  timeoutMs?: number;
  /** Above this many unanswered requests, new ones are counted as failed instead of sent. */
  maxInFlight?: number;
}

export class MixedLoad extends OpenLoop {
  constructor(options: MixedLoadOptions) {
    const { baseUrl, key, next, check, rate, maxInFlight } = options;
    super({ rate, maxInFlight: maxInFlight ?? 500, attempt: loadAttempt({ baseUrl, key, next, check, timeoutMs: options.timeoutMs ?? 30_000 }) });
  }
}
