/**
 * How many of the fixtures a kind of read (a route with its includes) asks for were found
 * kept in the presented-JSON cache lately: an exponentially weighted share, updated by every
 * read of that kind whichever way it read. The two-step read (ids and versions, then only
 * what is not kept) saves the documents of kept fixtures and costs a second round trip for
 * the rest, so it pays only while enough are kept; a workload that cycles through more pages
 * than the cache holds keeps none and is read in one step.
 */
export class KeptShare {
  readonly #shares = new Map<string, number>();

  constructor(
    /** Below this share the one-step read is used. */
    private readonly threshold = 0.25,
    /** Weight of the newest read. */
    private readonly weight = 0.2,
    /** Kinds tracked at most (a kind is a route and its includes: a few dozen in practice). */
    private readonly maxKinds = 1000,
  ) {}

  /** Whether reading ids and versions first is expected to pay; true for a kind not seen yet. */
  pays(kind: string): boolean {
    return (this.#shares.get(kind) ?? 1) >= this.threshold;
  }

  /** `kept` of `total` fixtures of one read were found kept. */
  note(kind: string, kept: number, total: number): void {
    if (total === 0) return;
    const previous = this.#shares.get(kind);
    if (previous === undefined && this.#shares.size >= this.maxKinds) this.#shares.clear();
    const share = kept / total;
    this.#shares.set(kind, previous === undefined ? share : previous + this.weight * (share - previous));
  }
}
