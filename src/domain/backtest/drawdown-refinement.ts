import { drawdownBounds, groupBySpan, MINUTE_MS, type SpanProfits } from "./drawdown-bounds.js";
import { maxDrawdown } from "./drawdown.js";

/** How max_drawdown reads: some spans bet by bet or minute by minute, or, past the limits, every bet (the walk of old). */
export type DrawdownReads = {
  /** Each of these spans' profits in the sequence's order, by `from`. */
  betsOfSpans(spans: readonly SpanProfits[]): Promise<Map<number, number[]>>;
  /** These spans summed minute by minute (only minutes with a bet), in order. */
  minutesOfSpans(spans: readonly SpanProfits[]): Promise<SpanProfits[]>;
  /** Every bet's profit in the sequence's order. */
  allBets(): Promise<number[]>;
};

/**
 * What the refinement may do before it walks every bet instead: rounds (each one or two searches,
 * one round after another), spans per round (each a range in the query), bets read in all, minute
 * buckets a round may ask (below Elasticsearch's search.max_buckets, 65,536, counting a span as
 * min(its bets, its minutes), what it can hold at most) and the size of a span read whole rather
 * than summed minute by minute first.
 */
export type RefineLimits = { rounds: number; spansPerRound: number; bets: number; minuteBuckets: number; splitAbove: number };

/**
 * 100,000 bets read by span is about a sixth of the walk of all history at 1M fixtures (655,000
 * bets), the most the walk then costs on top; a day of more than 16 bets is summed by minute of
 * kick-off first (a few kick-off times a day, so spans of a few bets whose bounds are tight). A
 * winning rule's drawdown is small beside a day's gains and losses, so many spans stay wanted for
 * a while: in simulated 660,000-bet histories it took up to 11 rounds and 56,000 bets.
 */
export const REFINE_LIMITS: RefineLimits = { rounds: 12, spansPerRound: 1_000, bets: 100_000, minuteBuckets: 60_000, splitAbove: 16 };

export type DrawdownResult = {
  maxDrawdown: number;
  /** `bounds`: the sums and the spans read met; `walk`: every bet was walked. */
  how: "bounds" | "walk";
  betsRead: number;
};

/** A span read must be the span summed; a fixture settled between two searches is read again by the walk. */
function sameSpan(span: SpanProfits, profits: readonly number[]): boolean {
  return profits.length === span.bets && profits.reduce((sum, profit) => sum + profit, 0) === span.profit;
}

/** Minutes that sum to their span and lie inside it, in order. */
function sameMinutes(span: SpanProfits, minutes: readonly SpanProfits[]): boolean {
  const inside = minutes.every((minute, k) => minute.from >= span.from && minute.to <= span.to && (k === 0 || minutes[k - 1]!.to <= minute.from));
  const bets = minutes.reduce((sum, minute) => sum + minute.bets, 0);
  const profit = minutes.reduce((sum, minute) => sum + minute.profit, 0);
  return inside && bets === span.bets && profit === span.profit;
}

type Round = { split: SpanProfits[]; read: SpanProfits[] };

/** The wanted spans this round takes, deepest first, within the limits: summed by minute when large, else read. */
function chooseRound(wanted: readonly SpanProfits[], limits: RefineLimits, betsLeft: number): Round {
  const round: Round = { split: [], read: [] };
  let buckets = limits.minuteBuckets;
  for (const span of wanted) {
    if (round.split.length + round.read.length === limits.spansPerRound) break;
    // A span of more minutes than one and more bets than splitAbove has at most min(bets, minutes) minute buckets.
    const split = span.to - span.from > MINUTE_MS && span.bets > limits.splitAbove;
    const cost = Math.min(span.bets, Math.ceil((span.to - span.from) / MINUTE_MS));
    if (split && cost <= buckets) {
      round.split.push(span);
      buckets -= cost;
    } else if (!split && span.bets <= betsLeft) {
      round.read.push(span);
      betsLeft -= span.bets;
    }
  }
  return round;
}

const byFrom = (a: SpanProfits, b: SpanProfits) => a.from - b.from;

/**
 * max_drawdown, exact, from the spans' sums (`spans`, in order: the days) and as few spans read
 * bet by bet as the bounds need (drawdown-bounds.ts): each round takes the spans that could still
 * hold a deeper fall than the known one, deepest first, sums the large ones minute by minute (their
 * minutes replace them) and reads the small ones bet by bet, until the bounds meet. Most rules'
 * drawdown is one fall across a few days, so a few hundred bets stand in for every bet. `known`:
 * spans already read whole (the sequence's first page), by `from`, used where they are the spans summed.
 */
export async function refineMaxDrawdown(
  days: readonly SpanProfits[],
  reads: DrawdownReads,
  limits: RefineLimits = REFINE_LIMITS,
  known: ReadonlyMap<number, readonly number[]> = new Map(),
): Promise<DrawdownResult> {
  let spans = days;
  const exact = new Map<number, readonly number[]>();
  for (const span of spans) {
    const profits = known.get(span.from);
    if (profits && sameSpan(span, profits)) exact.set(span.from, profits);
  }
  let betsRead = 0;
  for (let round = 0; round < limits.rounds; round++) {
    const bounds = drawdownBounds(spans, exact);
    if (bounds.wanted.length === 0) return { maxDrawdown: bounds.lower, how: "bounds", betsRead };
    const { split, read } = chooseRound(bounds.wanted, limits, limits.bets - betsRead);
    if (split.length === 0 && read.length === 0) break;
    split.sort(byFrom);
    read.sort(byFrom);
    const [minutes, bets] = await Promise.all([
      split.length > 0 ? reads.minutesOfSpans(split) : [],
      read.length > 0 ? reads.betsOfSpans(read) : new Map<number, number[]>(),
    ]);
    for (const span of read) {
      const profits = bets.get(span.from) ?? [];
      if (!sameSpan(span, profits)) return walk(reads, betsRead);
      exact.set(span.from, profits);
      betsRead += profits.length;
    }
    const minutesOf = groupBySpan(minutes, (minute) => minute.from, split);
    for (const span of split) if (!sameMinutes(span, minutesOf.get(span.from) ?? [])) return walk(reads, betsRead);
    spans = spans.flatMap((span) => minutesOf.get(span.from) ?? [span]);
  }
  const bounds = drawdownBounds(spans, exact);
  if (bounds.wanted.length === 0) return { maxDrawdown: bounds.lower, how: "bounds", betsRead };
  return walk(reads, betsRead);
}

async function walk(reads: DrawdownReads, betsRead: number): Promise<DrawdownResult> {
  const profits = await reads.allBets();
  return { maxDrawdown: maxDrawdown(profits), how: "walk", betsRead: betsRead + profits.length };
}
