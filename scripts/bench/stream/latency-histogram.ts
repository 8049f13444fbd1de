/**
 * Write -> event latencies of a whole phase in 1 ms buckets: a thousand clients receiving
 * thousands of events a second would make an array of every sample too big to keep and to
 * send between processes; a histogram is a fixed size and merges by adding.
 */
const MAX_MS = 120_000;

export class LatencyHistogram {
  private readonly counts = new Uint32Array(MAX_MS + 1);
  count = 0;
  max = 0;

  /** Negative values (a writer's clock a little ahead) count as 0; beyond two minutes, as two minutes. */
  record(ms: number): void {
    const bucket = Math.min(MAX_MS, Math.max(0, Math.round(ms)));
    this.counts[bucket]! += 1;
    this.count += 1;
    if (bucket > this.max) this.max = bucket;
  }

  /** The same rule as scripts/lib/percentile.ts: the value at rank ceil(p * n). */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil(p * this.count));
    let seen = 0;
    for (let ms = 0; ms <= this.max; ms++) {
      seen += this.counts[ms]!;
      if (seen >= rank) return ms;
    }
    return this.max;
  }

  /** The non-empty buckets as [ms, count] pairs: what crosses the process boundary. */
  sparse(): Array<[number, number]> {
    const pairs: Array<[number, number]> = [];
    for (let ms = 0; ms <= this.max; ms++) if (this.counts[ms]! > 0) pairs.push([ms, this.counts[ms]!]);
    return pairs;
  }

  static fromSparse(...parts: ReadonlyArray<ReadonlyArray<[number, number]>>): LatencyHistogram {
    const histogram = new LatencyHistogram();
    for (const pairs of parts) {
      for (const [ms, count] of pairs) {
        histogram.counts[ms]! += count;
        histogram.count += count;
        if (ms > histogram.max) histogram.max = ms;
      }
    }
    return histogram;
  }
}
