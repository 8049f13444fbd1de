/**
 * The recent events of one standing query, so that a client reconnecting with
 * `Last-Event-ID` gets only what it missed. Bounded by count and by bytes (events with odds
 * are tens of kilobytes, and every distinct query keeps its own): past that, or for an id
 * this query never issued (another instance, a restart), the answer is "unknown" and the
 * client gets a fresh snapshot, which is always correct.
 */
export type StoredEvent = { seq: number; bytes: Buffer };

export class EventHistory {
  private readonly events: StoredEvent[] = [];
  private heldBytes = 0;

  constructor(
    private readonly capacity: number,
    private readonly maxBytes = Infinity,
  ) {}

  add(event: StoredEvent): void {
    this.events.push(event);
    this.heldBytes += event.bytes.length;
    while (this.events.length > this.capacity || (this.heldBytes > this.maxBytes && this.events.length > 0)) {
      this.heldBytes -= this.events.shift()!.bytes.length;
    }
  }

  /**
   * The events after `seq`, oldest first, or null when some of them are no longer held
   * (or `seq` is ahead of everything issued).
   */
  after(seq: number, lastIssued: number): Buffer[] | null {
    if (seq > lastIssued) return null;
    if (seq === lastIssued) return [];
    const first = this.events[0];
    if (first === undefined || first.seq > seq + 1) return null;
    return this.events.filter((event) => event.seq > seq).map((event) => event.bytes);
  }
}
