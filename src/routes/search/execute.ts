import type { Client, estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../../domain/fixture/fixture-document.js";
import type { CountryHit, LeagueHit, TeamHit } from "../../search/entity/documents.js";
import { EntityRanker, type RankedResult } from "../../search/entity/rank.js";
import { entitySearchPlan, type EntitySearchInput } from "../../search/entity/search-plan.js";
import type { IndexNames } from "../../store/index-names.js";

/** A failed search inside the _msearch: the route answers "Search temporarily unavailable". */
export class EntitySearchFailure extends Error {
  override name = "EntitySearchFailure";
}

type Item = estypes.MsearchResponseItem<unknown>;

/**
 * Runs an entity search: one _msearch to the node (a candidate search per type, plus the live
 * counts for leagues), then scoring and ranking in TypeScript. Used by the route, the
 * evaluation and the benchmark alike, so they measure the same thing.
 */
export async function runEntitySearch(es: Client, indices: IndexNames, input: EntitySearchInput): Promise<RankedResult> {
  const plan = entitySearchPlan(input, indices);
  const response = await es.msearch<unknown>({ searches: plan.searches });
  const items = new Map<string, Item>();
  plan.steps.forEach((step, index) => {
    const item = response.responses[index];
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
