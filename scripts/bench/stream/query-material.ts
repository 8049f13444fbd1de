import type { Client, estypes } from "@elastic/elasticsearch";
import { METRIC_GROUPS } from "../../../src/domain/types/developer-types.js";
import { IN_PLAY_STATUSES } from "../../../src/domain/types/statuses.js";
import type { Location, QueryMaterial, ValueRange } from "./queries.js";

type Bucket = { key: string | number; doc_count: number };
type NameBucket = Bucket & { locations: { buckets: Array<Bucket & { values: estypes.AggregationsPercentilesAggregateBase; span: estypes.AggregationsStatsAggregate }> } };

/** A name held by fewer in-play fixtures than this makes queries that rarely match. */
const MIN_FIXTURES = 3;

/**
 * What the queries are made of, read when play starts: the statistics and metrics names
 * /types lists (asked of the service, as a client would), the spread of their values over
 * the fixtures in play (one aggregation over the indexed `effective` values that where[]
 * filters on), and the leagues with a match in play.
 */
export async function queryMaterial(es: Client, fixturesIndex: string, serviceUrl: string, key: string): Promise<QueryMaterial> {
  const groups = ["statistics", ...METRIC_GROUPS].join(",");
  const typesReply = await fetch(`${serviceUrl}/types?developer_type=${groups}`, { headers: { "x-api-key": key } });
  if (!typesReply.ok) throw new Error(`/types answered ${typesReply.status}`);
  const names = new Set(((await typesReply.json()) as { types: Array<{ developer_name: string }> }).types.map((type) => type.developer_name));

  const response = await es.search({
    index: fixturesIndex,
    size: 0,
    query: { terms: { status: [...IN_PLAY_STATUSES] } },
    aggs: {
      leagues: { terms: { field: "league.id", size: 100 } },
      effective: {
        nested: { path: "effective" },
        aggs: {
          names: {
            terms: { field: "effective.name", size: 500 },
            aggs: {
              locations: {
                terms: { field: "effective.location", size: 3 },
                aggs: { values: { percentiles: { field: "effective.value", percents: [50] } }, span: { stats: { field: "effective.value" } } },
              },
            },
          },
        },
      },
    },
  });
  const aggregations = response.aggregations as Record<string, { buckets?: Bucket[]; names?: { buckets: NameBucket[] } }>;
  const leagueIds = (aggregations.leagues?.buckets ?? []).map((bucket) => Number(bucket.key));
  const ranges: ValueRange[] = [];
  for (const name of aggregations.effective?.names?.buckets ?? []) {
    if (!names.has(String(name.key))) continue;
    for (const location of name.locations.buckets) {
      if (location.doc_count < MIN_FIXTURES || location.span.min === null || location.span.max === null) continue;
      const median = (location.values.values as Record<string, number | null>)["50.0"] ?? location.span.avg ?? location.span.min;
      ranges.push({
        name: String(name.key),
        location: String(location.key).toUpperCase() as Location,
        min: Math.floor(location.span.min),
        median: Math.round(median),
        max: Math.ceil(location.span.max),
      });
    }
  }
  return { ranges: ranges.sort((a, b) => `${a.name}:${a.location}`.localeCompare(`${b.name}:${b.location}`)), leagueIds: leagueIds.sort((a, b) => a - b) };
}
