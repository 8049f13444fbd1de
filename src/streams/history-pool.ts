/**
 * The replay memory of every standing query of the hub under one byte budget. Each query keeps
 * its recent events for clients that reconnect with `Last-Event-ID` (event-history.ts); what
 * they hold together is bounded here, oldest event first across all queries, so a thousand
 * distinct queries cost no more replay memory than ten (docs/streams.md, "What bounds memory").
 * An event dropped here only means a reconnect gets a fresh snapshot, which is always correct.
 */
export type PooledHistory = {
  /** Drops this history's events up to `seq`; returns the bytes freed (0 when they were gone already). */
  dropThrough(seq: number): number;
  readonly discarded: boolean;
};

type Entry = { history: PooledHistory; seq: number };

export class HistoryPool {
  private readonly entries: Entry[] = [];
  private head = 0;
  #bytes = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.#bytes;
  }

  /** An event was kept by `history`: over the budget, the oldest events of any query go. */
  added(history: PooledHistory, seq: number, bytes: number): void {
    this.entries.push({ history, seq });
    this.#bytes += bytes;
    while (this.#bytes > this.maxBytes && this.head < this.entries.length) {
      const oldest = this.entries[this.head]!;
      this.head += 1;
      if (!oldest.history.discarded) this.#bytes -= oldest.history.dropThrough(oldest.seq);
    }
    this.compact();
  }

  /** Bytes a history dropped by itself (its count limit) or released when discarded. */
  released(bytes: number): void {
    this.#bytes -= bytes;
  }

  /** The queue forgets entries already dropped, now and then, so it stays proportional to what is held. */
  private compact(): void {
    if (this.head < 1_024 || this.head * 2 < this.entries.length) return;
    this.entries.splice(0, this.head);
    this.head = 0;
  }
}
