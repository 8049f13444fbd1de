import { maxDrawdown } from "./drawdown.js";

/** The spans summed: a UTC day (the first sums), and a minute (kick-offs are on the minute), the finest. */
export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/**
 * The bets kicking off in [from, to) (ms since the epoch) as Elasticsearch summed them, in the
 * profits' own units (thousandths, integers, so the sums are exact): a UTC day, or a minute of
 * one. The sequence runs in kick-off order first, so a span's bets are consecutive in it.
 */
export type SpanProfits = {
  from: number;
  to: number;
  bets: number;
  /** The span's profit, the sum of its positive profits (>= 0) and the sum of its negative ones (<= 0). */
  profit: number;
  gain: number;
  loss: number;
};

/**
 * A stretch of the sequence: a span whose order inside matters and is unknown (`span` set), a span
 * that runs straight (all gains or all losses), or one bet (then gain and loss are the bet itself).
 */
type Stretch = { profit: number; gain: number; loss: number; span?: SpanProfits };

export type DrawdownBounds = {
  /** max_drawdown is in [lower, upper]; equal, it is known. */
  lower: number;
  upper: number;
  /** The spans not yet read bet by bet that could still hold a fall deeper than `lower`, the deepest they allow first. */
  wanted: SpanProfits[];
};

function stretches(spans: readonly SpanProfits[], exact: ReadonlyMap<number, readonly number[]>): Stretch[] {
  const result: Stretch[] = [];
  for (const span of spans) {
    const bets = exact.get(span.from);
    // A span all gains or all losses (one bet, say) runs straight from its start to its end, which
    // are exact: no order of its bets falls further, so its bets never need reading.
    if (!bets) result.push({ profit: span.profit, gain: span.gain, loss: span.loss, ...(span.gain > 0 && span.loss < 0 ? { span } : {}) });
    else for (const profit of bets) result.push({ profit, gain: Math.max(profit, 0), loss: Math.min(profit, 0) });
  }
  return result;
}

/**
 * Bounds of max_drawdown from the spans' sums (in order), with the spans in `exact` (by `from`)
 * read bet by bet.
 *
 * Inside a stretch starting at cumulative S, every point lies in [S + loss, S + gain] (no order of
 * its bets can rise above all its gains or fall below all its losses), and a fall from one of its
 * points to a later one is at most -loss (only its losses lie between). So a fall from a point of
 * stretch i to a point of a later stretch j is at most (S_i + gain_i) - (S_j + loss_j), and
 * `upper`, the largest of these bounds, is never below the truth. `lower` is the walk over the
 * points known exactly (0, every stretch's end), never above it. A one-bet stretch's bounds are its
 * two points, so with every span exact the bounds meet at the walk of every bet.
 *
 * A span can hold the deepest fall only if a bound it takes part in is above `lower`: those are
 * `wanted`. With none wanted, every bound above `lower` would be between exact points, which
 * `lower` already walked, so `upper` == `lower`.
 */
export function drawdownBounds(spans: readonly SpanProfits[], exact: ReadonlyMap<number, readonly number[]>): DrawdownBounds {
  const parts = stretches(spans, exact);
  const lower = maxDrawdown(parts.map((part) => part.profit));
  const high: number[] = [];
  const low: number[] = [];
  let start = 0;
  for (const part of parts) {
    high.push(start + part.gain);
    low.push(start + part.loss);
    start += part.profit;
  }
  // The lowest point any later stretch may reach, for the bound of a fall from each stretch.
  const lowAfter = new Array<number>(parts.length + 1).fill(Infinity);
  for (let k = parts.length - 1; k >= 0; k--) lowAfter[k] = Math.min(low[k]!, lowAfter[k + 1]!);
  let upper = lower;
  let highBefore = -Infinity;
  const potentials: Array<{ span: SpanProfits; fall: number }> = [];
  parts.forEach((part, k) => {
    // The deepest fall this stretch can take part in: inside it, onto it, or from it.
    const fall = Math.max(-part.loss, highBefore - low[k]!, high[k]! - lowAfter[k + 1]!);
    if (fall > upper) upper = fall;
    if (part.span && fall > lower) potentials.push({ span: part.span, fall });
    highBefore = Math.max(highBefore, high[k]!);
  });
  potentials.sort((a, b) => b.fall - a.fall || a.span.from - b.span.from);
  return { lower, upper, wanted: potentials.map((potential) => potential.span) };
}

/** A bet in the sequence: its kick-off (ms since the epoch) and its profit. */
export type SequencedBet = { at: number; profit: number };

/** The bets of the sequence read so far, in its order; `complete` when they are all of it. */
export type SequencePage = { bets: SequencedBet[]; complete: boolean };

/**
 * The bets of a stretch of the sequence by the span (its `from`) they kick off in, each span's in
 * the sequence's order; `spans` in order, not overlapping. A bet in none is left out.
 */
export function betsBySpan(bets: readonly SequencedBet[], spans: readonly Pick<SpanProfits, "from" | "to">[]): Map<number, number[]> {
  const grouped = groupBySpan(bets, (bet) => bet.at, spans);
  return new Map([...grouped].map(([from, inSpan]) => [from, inSpan.map((bet) => bet.profit)]));
}

/**
 * Items in order (by `at`) grouped by the span (its `from`) they fall in, `spans` in order, not
 * overlapping; an item in none is left out, a span with none has no entry.
 */
export function groupBySpan<T>(items: readonly T[], at: (item: T) => number, spans: readonly Pick<SpanProfits, "from" | "to">[]): Map<number, T[]> {
  const bySpan = new Map<number, T[]>();
  let k = 0;
  for (const item of items) {
    const when = at(item);
    while (k < spans.length && spans[k]!.to <= when) k++;
    const span = spans[k];
    if (!span || when < span.from) continue;
    const inSpan = bySpan.get(span.from);
    if (inSpan) inSpan.push(item);
    else bySpan.set(span.from, [item]);
  }
  return bySpan;
}
