/**
 * What the hub's rounds did, from the services' /metrics (src/monitoring/service-metrics.ts):
 * how many rounds, how long they took (the histogram's buckets), the searches they sent, the
 * changed fixtures they asked about, and the corrections membership checks made. Summed over
 * instances; a phase reports the difference between two readings. Beside them, two gauges as
 * the later reading found them: the V8 heap in use and what the streams hold by the memory
 * budget's account (how the budget's estimates compare with the heap).
 */
export type RoundCounts = {
  rounds: number;
  /** Cumulative counts by upper bound in seconds, as Prometheus keeps them. */
  buckets: Map<number, number>;
  searches: number;
  changed: number;
  corrections: number;
  heapUsedBytes: number;
  streamMemoryBytes: number;
};

export const NO_ROUNDS: RoundCounts = { rounds: 0, buckets: new Map(), searches: 0, changed: 0, corrections: 0, heapUsedBytes: 0, streamMemoryBytes: 0 };

const BUCKET = /^stream_round_duration_seconds_bucket\{le="([^"]+)"\}\s+([0-9.e+]+)$/;

export function roundCounts(metricsText: string): RoundCounts {
  const counts: RoundCounts = { ...NO_ROUNDS, buckets: new Map() };
  for (const line of metricsText.split("\n")) {
    const bucket = BUCKET.exec(line);
    if (bucket) {
      const le = bucket[1] === "+Inf" ? Infinity : Number(bucket[1]);
      counts.buckets.set(le, Number(bucket[2]));
      continue;
    }
    const [name, value] = line.split(/\s+/);
    if (value === undefined) continue;
    if (name === "stream_round_duration_seconds_count") counts.rounds = Number(value);
    else if (name === "stream_round_searches_total") counts.searches = Number(value);
    else if (name === "stream_changed_fixtures_total") counts.changed = Number(value);
    else if (name === "stream_membership_corrections_total") counts.corrections = Number(value);
    else if (name === "nodejs_heap_size_used_bytes") counts.heapUsedBytes = Number(value);
    else if (name === "stream_memory_bytes") counts.streamMemoryBytes = Number(value);
  }
  return counts;
}

export function addRounds(a: RoundCounts, b: RoundCounts): RoundCounts {
  const buckets = new Map(a.buckets);
  for (const [le, count] of b.buckets) buckets.set(le, (buckets.get(le) ?? 0) + count);
  return {
    rounds: a.rounds + b.rounds,
    buckets,
    searches: a.searches + b.searches,
    changed: a.changed + b.changed,
    corrections: a.corrections + b.corrections,
    heapUsedBytes: a.heapUsedBytes + b.heapUsedBytes,
    streamMemoryBytes: a.streamMemoryBytes + b.streamMemoryBytes,
  };
}

export function roundsBetween(before: RoundCounts, after: RoundCounts): RoundCounts {
  const buckets = new Map<number, number>();
  for (const [le, count] of after.buckets) buckets.set(le, count - (before.buckets.get(le) ?? 0));
  return {
    rounds: after.rounds - before.rounds,
    buckets,
    searches: after.searches - before.searches,
    changed: after.changed - before.changed,
    corrections: after.corrections - before.corrections,
    heapUsedBytes: after.heapUsedBytes,
    streamMemoryBytes: after.streamMemoryBytes,
  };
}

/**
 * The q-quantile of round durations in ms, interpolated within its bucket as Prometheus's
 * histogram_quantile does (so as fine as the buckets: 10-25 ms apart at the low end).
 */
export function roundQuantileMs(counts: RoundCounts, q: number): number {
  if (counts.rounds <= 0) return Number.NaN;
  const bounds = [...counts.buckets.keys()].sort((a, b) => a - b);
  const rank = q * counts.rounds;
  let lower = 0;
  let below = 0;
  for (const le of bounds) {
    const cumulative = counts.buckets.get(le)!;
    if (cumulative >= rank) {
      if (!Number.isFinite(le)) return lower * 1000;
      const inBucket = cumulative - below;
      const fraction = inBucket > 0 ? (rank - below) / inBucket : 1;
      return (lower + (le - lower) * fraction) * 1000;
    }
    lower = le;
    below = cumulative;
  }
  return lower * 1000;
}
