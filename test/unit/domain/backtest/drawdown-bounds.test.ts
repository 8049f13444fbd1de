import { describe, expect, it } from "vitest";
import { betsBySpan, DAY_MS, drawdownBounds, MINUTE_MS, type SequencedBet, type SpanProfits } from "../../../../src/domain/backtest/drawdown-bounds.js";
import { refineMaxDrawdown, REFINE_LIMITS, type DrawdownReads } from "../../../../src/domain/backtest/drawdown-refinement.js";
import { maxDrawdown } from "../../../../src/domain/backtest/drawdown.js";

/**
 * Day i's bets kick off on day i; with `slots`, each at one of a few kick-off minutes of its day
 * (in order: the sequence runs by kick-off), else all at noon.
 */
function sequence(dayBets: readonly (readonly number[])[], slots?: (below: number) => number): SequencedBet[] {
  return dayBets.flatMap((bets, index) => {
    const minutes = bets.map(() => (slots ? 720 + 105 * slots(6) : 720)).sort((a, b) => a - b);
    return bets.map((profit, k) => ({ at: index * DAY_MS + minutes[k]! * MINUTE_MS, profit }));
  });
}

/** Spans as Elasticsearch sums them: only those with a bet, in order. */
function sums(bets: readonly SequencedBet[], spans: readonly Pick<SpanProfits, "from" | "to">[]): SpanProfits[] {
  const bySpan = betsBySpan(bets, spans);
  return spans.flatMap(({ from, to }) => {
    const profits = bySpan.get(from) ?? [];
    if (profits.length === 0) return [];
    const total = (kept: number[]) => kept.reduce((sum, profit) => sum + profit, 0);
    return [{ from, to, bets: profits.length, profit: total(profits), gain: total(profits.filter((p) => p > 0)), loss: total(profits.filter((p) => p < 0)) }];
  });
}

/** The days (the counts' by_day) of a sequence. */
function summedDays(bets: readonly SequencedBet[]): SpanProfits[] {
  const last = bets.at(-1);
  const days = last ? Math.floor(last.at / DAY_MS) + 1 : 0;
  return sums(bets, Array.from({ length: days }, (_, i) => ({ from: i * DAY_MS, to: (i + 1) * DAY_MS })));
}

const summed = (dayBets: readonly (readonly number[])[]) => summedDays(sequence(dayBets));

/** Reads served from the bets in memory, counting what was asked. */
function memoryReads(bets: readonly SequencedBet[]) {
  const asked = { read: 0, split: 0, walks: 0 };
  const reads: DrawdownReads = {
    betsOfSpans: async (spans) => {
      asked.read += spans.length;
      return betsBySpan(bets, spans);
    },
    minutesOfSpans: async (spans) => {
      asked.split += spans.length;
      return spans.flatMap((span) => sums(bets, Array.from({ length: (span.to - span.from) / MINUTE_MS }, (_, i) => ({ from: span.from + i * MINUTE_MS, to: span.from + (i + 1) * MINUTE_MS }))));
    },
    allBets: async () => {
      asked.walks++;
      return bets.map((bet) => bet.profit);
    },
  };
  return { reads, asked };
}

/** A seeded generator, mulberry32 (an LCG's low bits repeat with a short period, and `% 2` would see only them). */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * below);
  };
}

type Shape = "mixed" | "won" | "lost" | "void" | "ties";
const SHAPES: Shape[] = ["mixed", "won", "lost", "void", "ties"];

function profitOf(shape: Shape, next: (below: number) => number): number {
  if (shape === "won") return 10 + next(4000);
  if (shape === "lost") return -1000;
  if (shape === "void") return 0;
  // Ties: the same few values, so equal peaks, equal troughs and days of equal sums abound.
  if (shape === "ties") return [1000, -1000, 0, 500, -500][next(5)]!;
  const kind = next(10);
  return kind < 4 ? 10 + next(3000) : kind < 9 ? -1000 : kind === 9 ? 0 : -500;
}

/** Random bets in random day groupings: empty days never reach the service (min_doc_count 1), one bet, many days of one bet, one day of all. */
function randomDays(next: (below: number) => number): number[][] {
  const shape = SHAPES[next(SHAPES.length)]!;
  const count = [0, 1, next(12), next(60), next(300)][next(5)]!;
  const bets = Array.from({ length: count }, () => profitOf(shape, next));
  const days: number[][] = [];
  const grouping = next(3);
  for (let i = 0; i < bets.length; ) {
    const size = grouping === 0 ? 1 : grouping === 1 ? bets.length : 1 + next(8);
    days.push(bets.slice(i, i + size));
    i += size;
  }
  return days;
}

describe("drawdownBounds", () => {
  it("is 0..0 with no day", () => {
    expect(drawdownBounds([], new Map())).toEqual({ lower: 0, upper: 0, wanted: [] });
  });

  it("bounds one day by its losses, and knows it exactly once read", () => {
    // Won 3000 then lost 1000 twice: the fall is 2000 whichever order; from the sums only, the losses bound it.
    const days = summed([[3000, -1000, -1000]]);
    expect(drawdownBounds(days, new Map())).toEqual({ lower: 0, upper: 2000, wanted: days });
    expect(drawdownBounds(days, new Map([[days[0]!.from, [3000, -1000, -1000]]]))).toEqual({ lower: 2000, upper: 2000, wanted: [] });
    // Another order of the same day falls less: the bounds do not depend on the order, the exact reading does.
    expect(drawdownBounds(days, new Map([[days[0]!.from, [-1000, 3000, -1000]]]))).toEqual({ lower: 1000, upper: 1000, wanted: [] });
  });

  it("bounds a fall across days by the first day's gains and the last day's losses", () => {
    // Day 0 may peak at 2000 (its win first) and day 2 may fall to -1000 - 2000 = -3000 before its win.
    const days = summed([[2000, -1000], [-500], [-2000, 1500]]);
    const bounds = drawdownBounds(days, new Map());
    // Exact points: 0, 1000, 500, 0: the known fall is 1000 -> 0.
    expect(bounds.lower).toBe(1000);
    expect(bounds.upper).toBe(2000 - (500 - 2000));
    expect(bounds.wanted.map((day) => day.from)).toEqual([0, 2 * DAY_MS]);
  });

  it("never wants a day of one bet, or all gains or all losses: it runs straight between exact points", () => {
    // Each day all won or all lost: its points run straight from its start to its end.
    const days = summed([[1000, 1000], [-1000, -1000, -1000], [500]]);
    expect(drawdownBounds(days, new Map())).toEqual({ lower: 3000, upper: 3000, wanted: [] });
  });
});

/** Rules of the refinement small enough that random sequences of a few hundred bets split, read and stop early. */
const SMALL = { ...REFINE_LIMITS, splitAbove: 3 };

describe("refineMaxDrawdown", () => {
  it("equals the walk of every bet on random sequences in random day groupings and kick-off minutes", async () => {
    const next = random(38);
    let splits = 0;
    for (let round = 0; round < 2000; round++) {
      const bets = sequence(randomDays(next), next(2) === 0 ? next : undefined);
      const { reads, asked } = memoryReads(bets);
      const result = await refineMaxDrawdown(summedDays(bets), reads, next(2) === 0 ? SMALL : REFINE_LIMITS);
      expect(result.maxDrawdown, `round ${round}: ${JSON.stringify(bets)}`).toBe(maxDrawdown(bets.map((bet) => bet.profit)));
      expect(asked.walks, `round ${round}`).toBe(0);
      splits += asked.split;
    }
    // Both ways were taken: days read whole and days summed minute by minute.
    expect(splits).toBeGreaterThan(100);
  });

  it("uses the days already read whole where they are the days summed, and only those", async () => {
    const next = random(21);
    for (let round = 0; round < 500; round++) {
      const dayBets = randomDays(next);
      // Some days read as they are, one read as it was before a fixture settled (a bet more): not used.
      const known = new Map(dayBets.flatMap((bets, index) => (next(2) === 0 ? [[index * DAY_MS, bets] as const] : [])));
      if (dayBets.length > 0 && next(2) === 0) known.set(0, [...dayBets[0]!, -1000]);
      const { reads } = memoryReads(sequence(dayBets));
      const result = await refineMaxDrawdown(summed(dayBets), reads, SMALL, known);
      expect(result.maxDrawdown, `round ${round}: ${JSON.stringify(dayBets)}`).toBe(maxDrawdown(dayBets.flat()));
    }
  });

  it("reads no day that is already known", async () => {
    const dayBets = [[2000, -1000], [-500], [-2000, 1500]];
    const { reads, asked } = memoryReads(sequence(dayBets));
    const result = await refineMaxDrawdown(summed(dayBets), reads, undefined, new Map([[0, dayBets[0]!]]));
    expect(result).toEqual({ maxDrawdown: maxDrawdown(dayBets.flat()), how: "bounds", betsRead: 2 });
    expect(asked).toEqual({ read: 1, split: 0, walks: 0 });
  });

  it("sums a large day minute by minute before reading it, and reads only the minutes that matter", async () => {
    // Day 0: +5 at 12:00, then at 14:00 twenty losses and twenty wins; day 1: -3 at 12:00.
    const bets: SequencedBet[] = [
      { at: 720 * MINUTE_MS, profit: 5000 },
      ...Array.from({ length: 40 }, (_, k) => ({ at: 840 * MINUTE_MS, profit: k % 2 === 0 ? -1000 : 1000 })),
      { at: DAY_MS + 720 * MINUTE_MS, profit: -3000 },
    ];
    const { reads, asked } = memoryReads(bets);
    const result = await refineMaxDrawdown(summedDays(bets), reads);
    expect(result).toEqual({ maxDrawdown: maxDrawdown(bets.map((bet) => bet.profit)), how: "bounds", betsRead: 40 });
    expect(asked).toMatchObject({ split: 1, read: 1, walks: 0 });
  });

  it("equals the walk when the limits stop it early, by walking every bet", async () => {
    const next = random(5);
    let walked = 0;
    for (let round = 0; round < 500; round++) {
      const bets = sequence(randomDays(next), next);
      const { reads, asked } = memoryReads(bets);
      const result = await refineMaxDrawdown(summedDays(bets), reads, { rounds: 1, spansPerRound: 1, bets: 3, minuteBuckets: 2, splitAbove: 3 });
      expect(result.maxDrawdown, `round ${round}`).toBe(maxDrawdown(bets.map((bet) => bet.profit)));
      if (result.how === "walk") {
        walked++;
        expect(asked.walks).toBe(1);
      }
    }
    expect(walked).toBeGreaterThan(0);
  });

  it("reads a few days of a long history, not every day", async () => {
    // Two years of days of 20 bets at a few kick-off times, a steady edge: the deepest fall is one losing run.
    const next = random(11);
    const dayBets = Array.from({ length: 730 }, () => Array.from({ length: 20 }, () => (next(100) < 55 ? 1000 : -1000)));
    const bets = sequence(dayBets, next);
    const { reads, asked } = memoryReads(bets);
    const result = await refineMaxDrawdown(summedDays(bets), reads);
    expect(result).toMatchObject({ maxDrawdown: maxDrawdown(dayBets.flat()), how: "bounds" });
    expect(asked.walks).toBe(0);
    expect(result.betsRead).toBeLessThan(730 * 20 * 0.1);
  });

  it("walks every bet when a span read differs from the span summed (a fixture settled between the two searches)", async () => {
    const summedBefore = summed([[2000, -1000], [-3000, 1000]]);
    const later = sequence([[2000, -1000], [-3000, 1000, -1000]]);
    const { reads } = memoryReads(later);
    const result = await refineMaxDrawdown(summedBefore, reads);
    expect(result).toMatchObject({ maxDrawdown: maxDrawdown(later.map((bet) => bet.profit)), how: "walk" });
    // The same when a day's minutes differ from the day.
    const split = await refineMaxDrawdown(summedBefore, memoryReads(later).reads, { ...REFINE_LIMITS, splitAbove: 1 });
    expect(split.how).toBe("walk");
  });
});

describe("betsBySpan", () => {
  it("groups a sequence by the span it kicks off in, keeping its order, leaving out a bet in none", () => {
    const day = Date.UTC(2025, 0, 2);
    const spans = [
      { from: day, to: day + DAY_MS },
      { from: day + DAY_MS, to: day + DAY_MS + MINUTE_MS },
    ];
    const bets = [
      { at: day - 1, profit: 1 },
      { at: day, profit: 2 },
      { at: day + DAY_MS - 1, profit: 3 },
      { at: day + DAY_MS, profit: 4 },
      { at: day + DAY_MS + MINUTE_MS, profit: 5 },
    ];
    expect(betsBySpan(bets, spans)).toEqual(
      new Map([
        [day, [2, 3]],
        [day + DAY_MS, [4]],
      ]),
    );
  });
});
