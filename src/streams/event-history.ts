import type { HistoryPool, PooledHistory } from "./history-pool.js";
import { frameBytes, type SseFrame } from "./sse-frames.js";

/**
 * The recent events of one standing query, so that a client reconnecting with
 * `Last-Event-ID` gets only what it missed. Bounded by count here and, across every query of
 * the hub, by bytes (history-pool.ts): past that, or for an id this query never issued
 * (another instance, a restart), the answer is "unknown" and the client gets a fresh
 * snapshot, which is always correct.
 */
export type StoredEvent = { seq: number; frame: SseFrame };
type Held = StoredEvent & { bytes: number };

export class EventHistory implements PooledHistory {
  private events: Held[] = [];
  private heldBytes = 0;
  #discarded = false;

  constructor(
    private readonly capacity: number,
    private readonly pool: HistoryPool,
  ) {}

  get discarded(): boolean {
    return this.#discarded;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  add(event: StoredEvent): void {
    if (this.#discarded) return;
    const bytes = frameBytes(event.frame);
    this.events.push({ ...event, bytes });
    this.heldBytes += bytes;
    if (this.events.length > this.capacity) {
      const dropped = this.events.shift()!;
      this.heldBytes -= dropped.bytes;
      this.pool.released(dropped.bytes);
    }
    this.pool.added(this, event.seq, bytes);
  }

  dropThrough(seq: number): number {
    let freed = 0;
    while (this.events.length > 0 && this.events[0]!.seq <= seq) freed += this.events.shift()!.bytes;
    this.heldBytes -= freed;
    return freed;
  }

  /** The query is gone or starts over (a rebuild): its bytes go back to the pool at once. */
  discard(): void {
    if (this.#discarded) return;
    this.#discarded = true;
    this.pool.released(this.heldBytes);
    this.events = [];
    this.heldBytes = 0;
  }

  /**
   * The events after `seq`, oldest first, or null when some of them are no longer held
   * (or `seq` is ahead of everything issued).
   */
  after(seq: number, lastIssued: number): SseFrame[] | null {
    if (seq > lastIssued) return null;
    if (seq === lastIssued) return [];
    const first = this.events[0];
    if (first === undefined || first.seq > seq + 1) return null;
    return this.events.filter((event) => event.seq > seq).map((event) => event.frame);
  }
}
