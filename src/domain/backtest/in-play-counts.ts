/**
 * What an in-play backtest counted (search/backtest/in-play-request.ts), before any ratio, and the
 * sum of the counts of searches over disjoint kick-off ranges. Every figure is a count of fixtures
 * or of first fires, or the sum of those fires' minutes, and a fixture is in one range only: the
 * figures of the whole range are the sums of the parts', as Elasticsearch adds its shards'.
 */
import type { Outcome } from "./in-play-figures.js";

export type InPlayHits = Record<Exclude<Outcome, "no_goal_after">, number>;

export type InPlayLeagueCounts = { id: number; fired: number; hits: InPlayHits };

export type InPlayCounts = {
  fixtures: number;
  fired: number;
  /** Fixtures that fired and then had each outcome; `no_goal_after` is fired - goal_after. */
  hits: InPlayHits;
  /** By league id, ascending. */
  leagues: InPlayLeagueCounts[];
  /** First fires by the first minute of their 5-minute bucket (1, 6, ... 86). */
  firedFrom: Map<number, number>;
  /** The sum of the first fires' minutes. */
  minuteSum: number;
};

/** The counts with each league's name beside its id (what the response shows). */
export type NamedInPlayCounts = Omit<InPlayCounts, "leagues"> & { leagues: Array<InPlayLeagueCounts & { name: string }> };

function sumHits(a: InPlayHits, b: InPlayHits): InPlayHits {
  return Object.fromEntries(Object.entries(a).map(([outcome, hits]) => [outcome, hits + b[outcome as keyof InPlayHits]])) as InPlayHits;
}

function addTo(sum: Map<number, number>, key: number, value: number): void {
  sum.set(key, (sum.get(key) ?? 0) + value);
}

/** The counts of the whole range from those of its parts (disjoint kick-off ranges). */
export function sumInPlayCounts(parts: readonly InPlayCounts[]): InPlayCounts {
  const [first, ...rest] = parts;
  if (!first) throw new Error("in-play backtest: no counts to add");
  return rest.reduce((sum, part) => {
    const leagues = new Map(sum.leagues.map((league) => [league.id, league]));
    for (const league of part.leagues) {
      const before = leagues.get(league.id);
      leagues.set(league.id, before ? { id: league.id, fired: before.fired + league.fired, hits: sumHits(before.hits, league.hits) } : league);
    }
    const firedFrom = new Map(sum.firedFrom);
    for (const [from, fired] of part.firedFrom) addTo(firedFrom, from, fired);
    return {
      fixtures: sum.fixtures + part.fixtures,
      fired: sum.fired + part.fired,
      hits: sumHits(sum.hits, part.hits),
      leagues: [...leagues.values()].sort((a, b) => a.id - b.id),
      firedFrom,
      minuteSum: sum.minuteSum + part.minuteSum,
    };
  }, first);
}
