/**
 * The recent events of one standing query, so that a client reconnecting with
 * `Last-Event-ID` gets only what it missed. Bounded by count: past that, or for an id this
 * query never issued (another instance, a restart), the answer is "unknown" and the client
 * gets a fresh snapshot, which is always correct.
 */
export type StoredEvent = { seq: number; bytes: Buffer };

export class EventHistory {
  private readonly events: StoredEvent[] = [];

  constructor(private readonly capacity: number) {}

  add(event: StoredEvent): void {
    this.events.push(event);
    if (this.events.length > this.capacity) this.events.shift();
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
