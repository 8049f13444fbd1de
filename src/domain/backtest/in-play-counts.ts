/**
 * What an in-play backtest counted (search/backtest/in-play-request.ts), before any ratio, and the
 * sum of the counts of searches over disjoint kick-off ranges. Every figure is a count of fixtures
 * or of first fires, or the sum of those fires' minutes, and a fixture is in one range only: the
 * figures of the whole range are the sums of the parts', as Elasticsearch adds its shards'.
 */
import { groupBy } from "../group-by.js";
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

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** Each outcome's hits added over the parts. */
function sumHits(parts: readonly InPlayHits[]): InPlayHits {
  const outcomes = Object.keys(parts[0]!) as Array<keyof InPlayHits>;
  return Object.fromEntries(outcomes.map((outcome) => [outcome, sum(parts.map((hits) => hits[outcome]))])) as InPlayHits;
}

/** The counts of the whole range from those of its parts (disjoint kick-off ranges). */
export function sumInPlayCounts(parts: readonly InPlayCounts[]): InPlayCounts {
  if (parts.length === 0) throw new Error("in-play backtest: no counts to add");
  const leagues = [...groupBy(parts.flatMap((part) => part.leagues), (league) => league.id)].map(([id, counted]) => ({
    id,
    fired: sum(counted.map((league) => league.fired)),
    hits: sumHits(counted.map((league) => league.hits)),
  }));
  const firedFrom = new Map<number, number>();
  for (const [from, fired] of parts.flatMap((part) => [...part.firedFrom])) firedFrom.set(from, (firedFrom.get(from) ?? 0) + fired);
  return {
    fixtures: sum(parts.map((part) => part.fixtures)),
    fired: sum(parts.map((part) => part.fired)),
    hits: sumHits(parts.map((part) => part.hits)),
    leagues: leagues.sort((a, b) => a.id - b.id),
    firedFrom,
    minuteSum: sum(parts.map((part) => part.minuteSum)),
  };
}
