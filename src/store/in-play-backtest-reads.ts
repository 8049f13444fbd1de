import type { Client, estypes } from "@elastic/elasticsearch";
import type { Outcome } from "../domain/backtest/in-play-figures.js";
import { readLeagueNames } from "./backtest-reads.js";
import { totalHits } from "./searches.js";

type Hits = Record<Exclude<Outcome, "no_goal_after">, number>;

/** What an in-play backtest counted (search/backtest/in-play-request.ts), before any ratio. */
export type InPlayCounts = {
  fixtures: number;
  fired: number;
  /** Fixtures that fired and then had each outcome; `no_goal_after` is fired - goal_after. */
  hits: Hits;
  leagues: Array<{ id: number; name: string; fired: number; hits: Hits }>;
  /** First fires by the first minute of their 5-minute bucket (1, 6, ... 86). */
  firedFrom: Map<number, number>;
  /** The sum of the first fires' minutes. */
  minuteSum: number;
};

type Count = { doc_count: number };
type Final = { final: { buckets: Record<string, Count> } };
type LeagueBucket = Count & { key: number };
type FirstFires = Count & {
  minutes: { buckets: Array<Count & { key: number }> };
  minute_sum: { value: number };
  after: { buckets: Record<"goal_after" | "home_goal_after" | "away_goal_after", Count & { fixtures: { by_league: { buckets: LeagueBucket[] } } }> };
  fixtures: Count & Final & { by_league: { buckets: Array<LeagueBucket & Final> } };
};
type Aggs = { metrics_hold: { states: { firing: { first: FirstFires } } } };

/** Each outcome's hits from a bucket of the 90-minute results and the goals after (per outcome, this bucket's count). */
function hitsOf(final: Final, goalsAfter: (flag: "goal_after" | "home_goal_after" | "away_goal_after") => number): Hits {
  const counted = Object.fromEntries(Object.entries(final.final.buckets).map(([outcome, bucket]) => [outcome, bucket.doc_count]));
  return { goal_after: goalsAfter("goal_after"), home_goal_after: goalsAfter("home_goal_after"), away_goal_after: goalsAfter("away_goal_after"), ...counted } as Hits;
}

/** How many fixtures the backtest is tried on (the first request: it sizes the search's sample). */
export async function readInPlayCandidates(es: Client, request: estypes.CountRequest): Promise<number> {
  return (await es.count(request)).count;
}

/** The one search of an in-play backtest, read into its counts, with the leagues' names from the leagues index. */
export async function readInPlayCounts(es: Client, request: estypes.SearchRequest, leaguesIndex: string): Promise<InPlayCounts> {
  const response = await es.search<unknown, Aggs>(request);
  const first = response.aggregations?.metrics_hold.states.firing.first;
  if (!first) throw new Error("in-play backtest: the search answered without its aggregations");
  // One first fire per fixture: the sample's states and their fixtures must be as many.
  if (first.fixtures.doc_count !== first.doc_count) throw new Error(`in-play backtest: ${first.doc_count} first fires of ${first.fixtures.doc_count} fixtures`);
  const leagueBuckets = first.fixtures.by_league.buckets;
  const names = await readLeagueNames(es, leaguesIndex, leagueBuckets.map((bucket) => bucket.key));
  const afterIn = (flag: keyof FirstFires["after"]["buckets"], leagueId: number) =>
    first.after.buckets[flag].fixtures.by_league.buckets.find((bucket) => bucket.key === leagueId)?.doc_count ?? 0;
  return {
    fixtures: totalHits(response),
    fired: first.doc_count,
    hits: hitsOf(first.fixtures, (flag) => first.after.buckets[flag].doc_count),
    leagues: leagueBuckets.map((bucket) => ({
      id: bucket.key,
      name: names.get(bucket.key) ?? "",
      fired: bucket.doc_count,
      hits: hitsOf(bucket, (flag) => afterIn(flag, bucket.key)),
    })),
    firedFrom: new Map(first.minutes.buckets.map((bucket) => [bucket.key, bucket.doc_count])),
    minuteSum: first.minute_sum.value,
  };
}
