import { describe, expect, it } from "vitest";
import { betsByDay, drawdownBounds, type DayProfits } from "../../../../src/domain/backtest/drawdown-bounds.js";
import { refineMaxDrawdown, type DrawdownReads } from "../../../../src/domain/backtest/drawdown-refinement.js";
import { maxDrawdown } from "../../../../src/domain/backtest/drawdown.js";

const DAY_MS = 86_400_000;

/** Days as Elasticsearch sums them, from each day's bets in order. */
function summed(dayBets: readonly (readonly number[])[]): DayProfits[] {
  return dayBets.map((bets, index) => ({
    day: index * DAY_MS,
    bets: bets.length,
    profit: bets.reduce((sum, profit) => sum + profit, 0),
    gain: bets.filter((profit) => profit > 0).reduce((sum, profit) => sum + profit, 0),
    loss: bets.filter((profit) => profit < 0).reduce((sum, profit) => sum + profit, 0),
  }));
}

/** Reads served from the days' bets in memory, counting what was asked. */
function memoryReads(dayBets: readonly (readonly number[])[]) {
  const asked = { days: 0, rounds: 0, walks: 0 };
  const reads: DrawdownReads = {
    betsOfDays: async (days) => {
      asked.rounds++;
      asked.days += days.length;
      return new Map(days.map((day) => [day.day, [...dayBets[day.day / DAY_MS]!]]));
    },
    allBets: async () => {
      asked.walks++;
      return dayBets.flat();
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
    expect(drawdownBounds(days, new Map([[0, [3000, -1000, -1000]]]))).toEqual({ lower: 2000, upper: 2000, wanted: [] });
    // Another order of the same day falls less: the bounds do not depend on the order, the exact reading does.
    expect(drawdownBounds(days, new Map([[0, [-1000, 3000, -1000]]]))).toEqual({ lower: 1000, upper: 1000, wanted: [] });
  });

  it("bounds a fall across days by the first day's gains and the last day's losses", () => {
    // Day 0 may peak at 2000 (its win first) and day 2 may fall to -1000 - 2000 = -3000 before its win.
    const days = summed([[2000, -1000], [-500], [-2000, 1500]]);
    const bounds = drawdownBounds(days, new Map());
    // Exact points: 0, 1000, 500, 0: the known fall is 1000 -> 0.
    expect(bounds.lower).toBe(1000);
    expect(bounds.upper).toBe(2000 - (500 - 2000));
    expect(bounds.wanted.map((day) => day.day)).toEqual([0, 2 * DAY_MS]);
  });

  it("never wants a day of one bet, or all gains or all losses: it runs straight between exact points", () => {
    // Each day all won or all lost: its points run straight from its start to its end.
    const days = summed([[1000, 1000], [-1000, -1000, -1000], [500]]);
    expect(drawdownBounds(days, new Map())).toEqual({ lower: 3000, upper: 3000, wanted: [] });
  });
});

describe("refineMaxDrawdown", () => {
  it("equals the walk of every bet on random sequences in random day groupings", async () => {
    const next = random(38);
    for (let round = 0; round < 2000; round++) {
      const dayBets = randomDays(next);
      const { reads } = memoryReads(dayBets);
      const result = await refineMaxDrawdown(summed(dayBets), reads);
      expect(result.maxDrawdown, `round ${round}: ${JSON.stringify(dayBets)}`).toBe(maxDrawdown(dayBets.flat()));
    }
  });

  it("uses the days already read whole where they are the days summed, and only those", async () => {
    const next = random(21);
    for (let round = 0; round < 500; round++) {
      const dayBets = randomDays(next);
      // Some days read as they are, one read as it was before a fixture settled (a bet more): not used.
      const known = new Map(dayBets.flatMap((bets, index) => (next(2) === 0 ? [[index * DAY_MS, bets] as const] : [])));
      if (dayBets.length > 0 && next(2) === 0) known.set(0, [...dayBets[0]!, -1000]);
      const { reads } = memoryReads(dayBets);
      const result = await refineMaxDrawdown(summed(dayBets), reads, undefined, known);
      expect(result.maxDrawdown, `round ${round}: ${JSON.stringify(dayBets)}`).toBe(maxDrawdown(dayBets.flat()));
    }
  });

  it("reads no day that is already known", async () => {
    const dayBets = [[2000, -1000], [-500], [-2000, 1500]];
    const { reads, asked } = memoryReads(dayBets);
    const result = await refineMaxDrawdown(summed(dayBets), reads, undefined, new Map([[0, dayBets[0]!]]));
    expect(result).toEqual({ maxDrawdown: maxDrawdown(dayBets.flat()), how: "bounds", betsRead: 2 });
    expect(asked).toEqual({ days: 1, rounds: 1, walks: 0 });
  });

  it("equals the walk when the limits stop it early, by walking every bet", async () => {
    const next = random(5);
    let walked = 0;
    for (let round = 0; round < 500; round++) {
      const dayBets = randomDays(next);
      const { reads, asked } = memoryReads(dayBets);
      const result = await refineMaxDrawdown(summed(dayBets), reads, { rounds: 1, daysPerRound: 1, bets: 3 });
      expect(result.maxDrawdown, `round ${round}`).toBe(maxDrawdown(dayBets.flat()));
      if (result.how === "walk") {
        walked++;
        expect(asked.walks).toBe(1);
      }
    }
    expect(walked).toBeGreaterThan(0);
  });

  it("reads a few days of a long history, not every day", async () => {
    // Two years of days of 20 bets, a steady edge: the deepest fall is one losing run.
    const next = random(11);
    const dayBets = Array.from({ length: 730 }, () => Array.from({ length: 20 }, () => (next(100) < 55 ? 1000 : -1000)));
    const { reads, asked } = memoryReads(dayBets);
    const result = await refineMaxDrawdown(summed(dayBets), reads);
    expect(result).toMatchObject({ maxDrawdown: maxDrawdown(dayBets.flat()), how: "bounds" });
    expect(asked.walks).toBe(0);
    expect(asked.days).toBeLessThan(730 / 4);
  });

  it("walks every bet when a day read differs from the day summed (a fixture settled between the two searches)", async () => {
    const dayBets = [[2000, -1000], [-3000, 1000]];
    const later = [[2000, -1000], [-3000, 1000, -1000]];
    const reads: DrawdownReads = {
      betsOfDays: async (days) => new Map(days.map((day) => [day.day, later[day.day / DAY_MS]!])),
      allBets: async () => later.flat(),
    };
    const result = await refineMaxDrawdown(summed(dayBets), reads);
    expect(result).toMatchObject({ maxDrawdown: maxDrawdown(later.flat()), how: "walk" });
  });
});

describe("betsByDay", () => {
  it("groups a sequence by UTC day of kick-off, keeping its order", () => {
    const day = Date.UTC(2025, 0, 2);
    expect(
      betsByDay([
        { at: day - 1, profit: 1 },
        { at: day, profit: 2 },
        { at: day + DAY_MS - 1, profit: 3 },
        { at: day + DAY_MS, profit: 4 },
      ]),
    ).toEqual(
      new Map([
        [day - DAY_MS, [1]],
        [day, [2, 3]],
        [day + DAY_MS, [4]],
      ]),
    );
  });
});
