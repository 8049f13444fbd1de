/**
 * How many searches of expensive requests this instance has on the node at once (docs/operations.md,
 * "Fair share"). The lane bounds expensive *requests*; a request may still send several searches side
 * by side (a pre-match backtest sends three, an in-play one over a wide range two halves), and the
 * node runs each on a thread of its search pool for as long as it takes: two backtests in flight
 * could hold every thread on a small node, and a score page's search then waits behind them.
 *
 * So each search of an expensive request first takes a slot here, and asks the node to search its
 * shards one at a time (src/store/client.ts): expensive work holds at most `width` of the node's
 * search threads, and the rest stay free for ordinary requests. One exception keeps a lone bettor's
 * request as fast as the node allows: a request whose searches are the only ones here (it holds
 * every busy slot and no other request waits) may hold up to `aloneWidth`. Turns are first come,
 * first served. A waiter leaves when its request is aborted (client gone, out of time).
 */
export class NodeSearchSlots {
  private busy = 0;
  /** Slots held, by the request holding them. */
  private readonly held = new Map<object, number>();
  private readonly waiting: Array<{ owner: object; turn: () => void }> = [];

  constructor(
    readonly width: number,
    readonly aloneWidth: number,
  ) {
    if (!Number.isInteger(width) || width < 1) throw new Error(`node search slots: width must be a whole number of 1 or more, got ${width}`);
    if (!Number.isInteger(aloneWidth) || aloneWidth < width) throw new Error(`node search slots: aloneWidth must be a whole number of at least width (${width}), got ${aloneWidth}`);
  }

  get inUse(): number {
    return this.busy;
  }

  /**
   * A slot for one search of `owner` (one object per request), once it may run: its release (to call
   * once), or the signal's reason when the request is aborted first.
   */
  async take(owner: object, signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted();
    if (this.waiting.length === 0 && this.fits(owner)) {
      this.grant(owner);
      return this.releaseOf(owner);
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        owner,
        turn: () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const at = this.waiting.indexOf(waiter);
        if (at >= 0) this.waiting.splice(at, 1);
        this.dispatch();
        reject(signal.reason);
      };
      this.waiting.push(waiter);
      signal.addEventListener("abort", onAbort, { once: true });
    });
    return this.releaseOf(owner);
  }

  /** Whether one more search of `owner` may run now. */
  private fits(owner: object): boolean {
    if (this.busy < this.width) return true;
    const alone = this.held.get(owner) === this.busy && this.waiting.every((waiter) => waiter.owner === owner);
    return alone && this.busy < this.aloneWidth;
  }

  private grant(owner: object): void {
    this.busy++;
    this.held.set(owner, (this.held.get(owner) ?? 0) + 1);
  }

  /** Hands freed slots to the waiters in order; a slot is counted before its waiter resumes, so no newcomer takes it meanwhile. */
  private dispatch(): void {
    while (this.waiting.length > 0 && this.fits(this.waiting[0]!.owner)) {
      const waiter = this.waiting.shift()!;
      this.grant(waiter.owner);
      waiter.turn();
    }
  }

  private releaseOf(owner: object): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.busy--;
      const left = (this.held.get(owner) ?? 1) - 1;
      if (left === 0) this.held.delete(owner);
      else this.held.set(owner, left);
      this.dispatch();
    };
  }
}
