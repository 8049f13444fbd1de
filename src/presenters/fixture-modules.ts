import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { unpackOdds } from "../domain/fixture/packed-odds.js";
import { unpackTrends } from "../domain/fixture/packed-trends.js";
import { expandTrends, type TrendEntry } from "../domain/football/match/projection.js";
import type { OddsFilter, TrendsFilter } from "./fixture-filters.js";
import type { SelectionView, StatisticView } from "./fixture-schema.js";
import { narrowOdds, trendTypeIds } from "./narrow.js";

/**
 * The optional modules of a fixture, expanded from their stored (packed) form and reduced to
 * the fields the API shows (docs/api-behaviour.md, "Fixture shape per endpoint"). Stored-only
 * fields (`location` and `group` of an entry) are left out.
 */

export function presentStatEntries(entries: readonly StatisticView[]): StatisticView[] {
  return entries.map((entry) => ({
    team_id: entry.team_id,
    type_id: entry.type_id,
    developer_name: entry.developer_name,
    value: entry.value,
  }));
}

/**
 * Odds narrowed by filter[odds]; `liveOnly` keeps only in-play prices (is_live = 1),
 * which is what /livescores returns. Unpacking builds each odd with exactly the
 * Selection table's fields (src/domain/packing/odds.ts), so no copy is needed.
 */
export function presentOdds(doc: Pick<FixtureDocument, "id" | "odds">, filter: OddsFilter | undefined, liveOnly: boolean): SelectionView[] {
  const odds = narrowOdds(unpackOdds(doc.odds ?? [], doc.id), filter);
  return liveOnly ? odds.filter((odd) => odd.is_live === 1) : odds;
}

/** Trend entries of the types filter[trends] selects (developer_names wins over types). */
export function presentTrends(doc: Pick<FixtureDocument, "trends">, filter: TrendsFilter | undefined): TrendEntry[] {
  if (!doc.trends) return [];
  return expandTrends(unpackTrends(doc.trends), { typeIds: new Set(trendTypeIds(filter)) });
}
