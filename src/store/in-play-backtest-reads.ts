import type { Client, estypes } from "@elastic/elasticsearch";
import type { Outcome } from "../domain/backtest/in-play-figures.js";
import { readLeagueNames } from "./backtest-reads.js";
import { totalHits } from "./searches.js";

/** What an in-play backtest counted (search/backtest/in-play-request.ts), before any ratio. */
export type InPlayCounts = {
  fixtures: number;
  fired: number;
  /** Fixtures that fired and then had each outcome; `no_goal_after` is fired - goal_after. */
  hits: Record<Exclude<Outcome, "no_goal_after">, number>;
  leagues: Array<{ id: number; name: string; fired: number; hits: InPlayCounts["hits"] }>;
  /** Fixtures that had fired by each state, keyed by its order. */
  firedBy: Map<number, number>;
};

type Count = { doc_count: number };
type Outcomes = { outcomes: { buckets: Record<string, Count> } };
type FiredAggs = Count &
  Outcomes & {
    by_league: { buckets: Array<Count & Outcomes & { key: number }> };
    states: { firing: { by_state: { buckets: Record<string, { fixtures: Count }> } } };
  };

function hitsOf(outcomes: Outcomes): InPlayCounts["hits"] {
  return Object.fromEntries(Object.entries(outcomes.outcomes.buckets).map(([outcome, bucket]) => [outcome, bucket.doc_count])) as InPlayCounts["hits"];
}

/** The one search of an in-play backtest, read into its counts, with the leagues' names from the leagues index. */
export async function readInPlayCounts(es: Client, request: estypes.SearchRequest, leaguesIndex: string): Promise<InPlayCounts> {
  const response = await es.search<unknown, { fired: FiredAggs }>(request);
  const fired = response.aggregations?.fired;
  if (!fired) throw new Error("in-play backtest: the search answered without its aggregations");
  const names = await readLeagueNames(es, leaguesIndex, fired.by_league.buckets.map((bucket) => bucket.key));
  return {
    fixtures: totalHits(response),
    fired: fired.doc_count,
    hits: hitsOf(fired),
    leagues: fired.by_league.buckets.map((bucket) => ({ id: bucket.key, name: names.get(bucket.key) ?? "", fired: bucket.doc_count, hits: hitsOf(bucket) })),
    firedBy: new Map(Object.entries(fired.states.firing.by_state.buckets).map(([order, bucket]) => [Number(order), bucket.fixtures.doc_count])),
  };
}
