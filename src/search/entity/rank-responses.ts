import type { estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../../domain/fixture/fixture-document.js";
import type { CountryHit, LeagueHit, TeamHit } from "./documents.js";
import { EntityRanker, type RankedResult } from "./rank.js";
import type { EntitySearchInput, SearchPlan } from "./search-plan.js";

/** A failed search inside the _msearch: the route answers "Search temporarily unavailable". */
class EntitySearchFailure extends Error {
  override name = "EntitySearchFailure";
}

type Item = estypes.MsearchResponseItem<unknown>;

/**
 * The second half of an entity search: the answers of the plan's _msearch (a candidate
 * search per type, plus the live counts for leagues), scored and ranked in TypeScript.
 * The route, the evaluation and the benchmark all run plan → _msearch → this, so they
 * measure the same thing.
 */
export function rankEntitySearch(input: EntitySearchInput, plan: Pick<SearchPlan, "steps">, responses: readonly Item[]): RankedResult {
  const items = new Map<string, Item>();
  plan.steps.forEach((step, index) => {
    const item = responses[index];
    if (!item || "error" in item) throw new EntitySearchFailure(`${step} search failed: ${item ? JSON.stringify(item.error) : "no response"}`);
    items.set(step, item);
  });
  const ranker = new EntityRanker(input.q, input.limit);
  const hits = <T>(step: string) => (items.get(step) as estypes.MsearchMultiSearchItem<T> | undefined)?.hits.hits ?? [];
  const result: RankedResult = {};
  if (items.has("country")) result.countries = ranker.countries(hits<CountryHit>("country"));
  if (items.has("league")) result.leagues = ranker.leagues(hits<LeagueHit>("league"), liveCounts(items.get("live")));
  if (items.has("team")) result.teams = ranker.teams(hits<TeamHit>("team"));
  if (items.has("fixture")) result.fixtures = ranker.fixtures(hits<FixtureDocument>("fixture"));
  return result;
}

function liveCounts(item: Item | undefined): Map<number, number> {
  const counts = new Map<number, number>();
  const aggregation = (item as estypes.MsearchMultiSearchItem | undefined)?.aggregations?.by_league as
    | estypes.AggregationsLongTermsAggregate
    | undefined;
  const buckets = aggregation?.buckets;
  if (Array.isArray(buckets)) for (const bucket of buckets) counts.set(Number(bucket.key), bucket.doc_count);
  return counts;
}
