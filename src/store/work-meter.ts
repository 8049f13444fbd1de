import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Limits on the searches of one request: `signal` is aborted when its client goes away or its
 * time runs out (every Elasticsearch request it makes is then cancelled: the node cancels a search
 * whose HTTP connection closed), and each search carries the node-side `timeout` left until
 * `deadlineMs` (epoch ms), so the node stops too, and answers `timed_out` instead of running on.
 * `opaqueId` (the API request's id) is sent as X-Opaque-Id: the node's tasks and slow log name it.
 * Each search first waits for one of `slots` and searches its shards one at a time.
 */
export type SearchBounds = { signal: AbortSignal; deadlineMs: number; opaqueId: string; slots: SearchSlots };

/**
 * Where a bounded request's searches wait for their turn on the node (src/rate-limit/node-search-slots.ts):
 * `take` (`owner`: the request's bounds) resolves with the slot's release, or rejects when `signal` is aborted first.
 */
export type SearchSlots = { take(owner: object, signal: AbortSignal): Promise<() => void> };

/**
 * What one API request made the node and this process do, gathered as it happens by the client
 * (src/store/client.ts) from wherever the request's code calls it, so no reader needs a parameter
 * for it: the node's time (`took` of each search, the round trip of other calls) and the time
 * spent parsing the node's answers. src/rate-limit/request-cost.ts turns it into cost units.
 */
export class WorkMeter {
  /** Milliseconds of the node's work: the sum of `took` (or of round trips where there is none). */
  nodeMs = 0;
  /** Milliseconds of this process parsing the node's answers. */
  parseMs = 0;
  /** Characters of the node's answers: the node's work of writing them, which `took` does not hold. */
  answerChars = 0;
  /** Calls made to the node. */
  calls = 0;
  /** Set once the request is settled: work done later (a timer started meanwhile) is not the request's. */
  closed = false;
  /** A search answered `timed_out` (partial results, which are never sent). */
  timedOut = false;

  constructor(readonly bounds: SearchBounds | null = null) {}
}

const meters = new AsyncLocalStorage<WorkMeter>();

/** Runs `work` with `meter` as the meter of every Elasticsearch call made inside it. */
export function withWorkMeter<T>(meter: WorkMeter, work: () => Promise<T>): Promise<T> {
  return meters.run(meter, work);
}

/** The meter of the request whose code is running now, if it is still open. */
export function currentWorkMeter(): WorkMeter | undefined {
  const meter = meters.getStore();
  return meter && !meter.closed ? meter : undefined;
}

/** Thrown where a bounded request's search ran out of time on the node (src/store/client.ts). */
export class SearchTimedOutError extends Error {
  constructor() {
    super("A search ran past its time limit on the node");
    this.name = "SearchTimedOutError";
  }
}
