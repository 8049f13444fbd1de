import type { HistoryPool } from "./history-pool.js";

/**
 * One memory budget for every stream of the instance (STREAM_MEMORY_MB), so the process is
 * bounded by design and never by the heap limit: what it counts is what grows with users.
 * - replay history: bounded across all queries (history-pool.ts, a quarter of the budget);
 * - unsent bytes: what subscribers' sockets have not taken yet, and the heap each unsent write
 *   keeps (subscriber.ts); a slow client is dropped past STREAM_BUFFER_MAX_KB beyond its
 *   snapshot, and while all unsent together pass half the budget the streams holding the most
 *   are dropped (`streamsToDrop`): what open streams hold is bounded as they run, not only when
 *   they open;
 * - what each open stream, each standing query and each fixture a query holds costs in
 *   objects, as measured estimates (docs/streams.md, "What bounds memory");
 * - snapshot reads are bounded by the rounds themselves (round-snapshots.ts: documents per group).
 * Past the budget a new stream is refused with 503 and Retry-After before it starts; open
 * streams that keep up keep working.
 */
export type BudgetUse = { streams: number; queries: number; members: number; unsentBytes: number };

/**
 * Estimated heap per open stream (the socket, its HTTP response and parser, the subscriber) and
 * per standing query (its request builder and presenter options, membership, history objects), on
 * the safe side of what was measured with production's flags: together they exceed what a stream
 * with its own query was seen to hold (docs/streams.md, "What bounds memory", has the figures).
 */
export const BYTES_PER_STREAM = 16 * 1024;
export const BYTES_PER_QUERY = 12 * 1024;
/** Estimated heap per fixture a query holds (a Map entry with its version). */
export const BYTES_PER_MEMBER = 160;

/** Unsent bytes' share of the budget: past it, the streams holding the most are dropped. */
const UNSENT_SHARE = 0.5;

export class StreamBudget {
  constructor(
    readonly maxBytes: number,
    private readonly history: HistoryPool,
  ) {}

  /** What all streams may hold unsent together before the slowest are dropped. */
  get unsentLimit(): number {
    return Math.floor(this.maxBytes * UNSENT_SHARE);
  }

  /** What the streams hold now, by the estimates above. */
  used(use: BudgetUse): number {
    return (
      this.history.bytes + use.unsentBytes + use.streams * BYTES_PER_STREAM + use.queries * BYTES_PER_QUERY + use.members * BYTES_PER_MEMBER
    );
  }

  /** Whether one more stream (on a new standing query, or an existing one) fits. */
  fits(use: BudgetUse, newQuery: boolean): boolean {
    return this.used(use) + BYTES_PER_STREAM + (newQuery ? BYTES_PER_QUERY : 0) <= this.maxBytes;
  }
}

/** Unsent bytes of a client that keeps up (a round's events on their way): never dropped to hold the budget. */
export const KEEPING_UP_BYTES = 64 * 1024;

/**
 * Of the open streams and what each holds unsent, those to drop so the unsent fall by `over`
 * bytes: the most unsent first, never one that keeps up.
 */
export function streamsToDrop<T>(holding: Iterable<{ stream: T; unsent: number }>, over: number): Array<{ stream: T; unsent: number }> {
  const behind = [...holding].filter(({ unsent }) => unsent > KEEPING_UP_BYTES).sort((a, b) => b.unsent - a.unsent);
  const dropped: Array<{ stream: T; unsent: number }> = [];
  for (const one of behind) {
    if (over <= 0) break;
    dropped.push(one);
    over -= one.unsent;
  }
  return dropped;
}
