import type { Client, estypes } from "@elastic/elasticsearch";
import type { InPlayCounts, InPlayHits } from "../domain/backtest/in-play-counts.js";
import { totalHits } from "./searches.js";

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
function hitsOf(final: Final, goalsAfter: (flag: "goal_after" | "home_goal_after" | "away_goal_after") => number): InPlayHits {
  const counted = Object.fromEntries(Object.entries(final.final.buckets).map(([outcome, bucket]) => [outcome, bucket.doc_count]));
  return { goal_after: goalsAfter("goal_after"), home_goal_after: goalsAfter("home_goal_after"), away_goal_after: goalsAfter("away_goal_after"), ...counted } as InPlayHits;
}

/** How many fixtures the backtest is tried on (they size the search's sample), and where to cut their kick-off range (epoch ms). */
export async function readInPlayRange(es: Client, request: estypes.SearchRequest): Promise<{ fixtures: number; cuts: number[] }> {
  const response = await es.search<unknown, { cuts?: { values: Array<{ value: number | null }> } }>(request);
  const cuts = (response.aggregations?.cuts?.values ?? []).flatMap((cut) => (cut.value === null ? [] : [cut.value]));
  return { fixtures: totalHits(response), cuts };
}

/** One search of an in-play backtest (search/backtest/in-play-request.ts), read into its counts. */
export async function readInPlayCounts(es: Client, request: estypes.SearchRequest): Promise<InPlayCounts> {
  const response = await es.search<unknown, Aggs>(request);
  const first = response.aggregations?.metrics_hold.states.firing.first;
  if (!first) throw new Error("in-play backtest: the search answered without its aggregations");
  // One first fire per fixture: the sample's states and their fixtures must be as many.
  if (first.fixtures.doc_count !== first.doc_count) throw new Error(`in-play backtest: ${first.doc_count} first fires of ${first.fixtures.doc_count} fixtures`);
  const afterIn = (flag: keyof FirstFires["after"]["buckets"], leagueId: number) =>
    first.after.buckets[flag].fixtures.by_league.buckets.find((bucket) => bucket.key === leagueId)?.doc_count ?? 0;
  return {
    fixtures: totalHits(response),
    fired: first.doc_count,
    hits: hitsOf(first.fixtures, (flag) => first.after.buckets[flag].doc_count),
    leagues: first.fixtures.by_league.buckets.map((bucket) => ({ id: bucket.key, fired: bucket.doc_count, hits: hitsOf(bucket, (flag) => afterIn(flag, bucket.key)) })),
    firedFrom: new Map(first.minutes.buckets.map((bucket) => [bucket.key, bucket.doc_count])),
    minuteSum: first.minute_sum.value,
  };
}
