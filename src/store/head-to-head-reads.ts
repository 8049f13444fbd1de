import type { Client, estypes } from "@elastic/elasticsearch";
import { totalHits } from "./searches.js";

/** What Elasticsearch counted over every meeting of two teams (search/head-to-head/head-to-head-request.ts, `summaryRequest`). */
export type HeadToHeadCounts = {
  meetings: number;
  /** Wins by team id. */
  wins: ReadonlyMap<number, number>;
  draws: number;
  bothScored: number;
  goals: number;
};

type Count = { doc_count: number };
type SummaryAggs = { wins: { buckets: Record<string, Count> }; draws: Count; both_scored: Count; goals: { value: number } };

/** The one aggregation search of a head-to-head, read into its counts. */
export async function readHeadToHeadCounts(es: Client, request: estypes.SearchRequest): Promise<HeadToHeadCounts> {
  const response = await es.search<unknown, SummaryAggs>(request);
  const aggs = response.aggregations;
  if (!aggs) throw new Error("head-to-head: the search answered without its aggregations");
  return {
    meetings: totalHits(response),
    wins: new Map(Object.entries(aggs.wins.buckets).map(([team, bucket]) => [Number(team), bucket.doc_count])),
    draws: aggs.draws.doc_count,
    bothScored: aggs.both_scored.doc_count,
    goals: aggs.goals.value,
  };
}
