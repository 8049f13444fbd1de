import { ALL_TYPES, TREND_TYPES_BY_NAME } from "../domain/types/types.js";
import type { MetricEntry, Odd, StatEntry } from "../domain/fixture-parts.js";
import type { MetricsFilter, OddsFilter, StatisticsFilter, TrendsFilter } from "./fixture-filters.js";

/**
 * Filters narrow the included arrays; they never remove fixtures (docs/api-behaviour.md,
 * "Filters narrow arrays"). Every key of a filter must hold for an entry (`;` is AND); values
 * inside a key are alternatives (`,` is OR). Without a filter the entries are returned as they
 * are, not copied: the presenter only reads them.
 */

export function narrowMetrics(entries: readonly MetricEntry[], filter: MetricsFilter | undefined): readonly MetricEntry[] {
  if (!filter) return entries;
  return entries.filter(
    (entry) =>
      (!filter.types || filter.types.includes(entry.type_id)) &&
      (!filter.developer_types || filter.developer_types.includes(entry.group)),
  );
}

export function narrowStatistics(entries: readonly StatEntry[], filter: StatisticsFilter | undefined): readonly StatEntry[] {
  if (!filter) return entries;
  return entries.filter((entry) => filter.types.includes(entry.type_id));
}

export function narrowOdds(odds: Odd[], filter: OddsFilter | undefined): Odd[] {
  if (!filter) return odds;
  return odds.filter((odd) => keepsOdd(filter, odd.bookmaker_id, odd.market_id, odd.is_live, odd.suspend));
}

/** Whether filter[odds] keeps an odd with these parts (also odds-json.ts, which writes odds without building them). */
export function keepsOdd(filter: OddsFilter, bookmakerId: number, marketId: number, isLive: number, suspend: number): boolean {
  return (
    (!filter.bookmakers || filter.bookmakers.includes(bookmakerId)) &&
    (!filter.markets || filter.markets.includes(marketId)) &&
    (!filter.is_live || filter.is_live.includes(isLive as 0 | 1)) &&
    (!filter.suspend || filter.suspend.includes(suspend as 0 | 1))
  );
}

const DEFAULT_TREND_TYPE_IDS: ReadonlySet<number> = new Set(
  ALL_TYPES.filter((type) => type.developer_type === "trends").map((type) => type.type_id),
);

/**
 * The trend types to return: `developer_names` wins over `types` when both are given
 * (docs/api-behaviour.md, "Filters narrow arrays"); without a filter, the 18 default types.
 * Unknown names or ids simply select nothing.
 */
export function trendTypeIds(filter: TrendsFilter | undefined): ReadonlySet<number> {
  if (filter?.developer_names) {
    return new Set(filter.developer_names.flatMap((name) => TREND_TYPES_BY_NAME.get(name)?.type_id ?? []));
  }
  if (filter?.types) return new Set(filter.types.filter((id) => DEFAULT_TREND_TYPE_IDS.has(id)));
  return DEFAULT_TREND_TYPE_IDS;
}
