import { groupBy } from "../../domain/group-by.js";
import type { CatalogSeason } from "../../domain/catalog.js";
import type { SeasonOutline } from "./season-outline.js";
import type { SeasonSummary } from "./reference-documents.js";

/**
 * Dates, counts and the current flag of every season. A league's current season is
 * its simulated one where it has one, else its latest; has_search says the season
 * still has fixtures that /fixtures/search can find (not started or in play).
 */
export function seasonSummaries(seasons: readonly CatalogSeason[], outlines: ReadonlyMap<number, SeasonOutline>): Map<number, SeasonSummary> {
  const byLeague = groupBy(seasons, (season) => season.league_id);
  const summaries = new Map<number, SeasonSummary>();
  for (const leagueSeasons of byLeague.values()) {
    const dated = leagueSeasons.map((season) => {
      const outline = outlines.get(season.id);
      return { season, outline, first: outline?.first ?? null, last: outline?.last ?? null };
    });
    dated.sort((a, b) => Number(a.season.simulated) - Number(b.season.simulated) || (a.first ?? "").localeCompare(b.first ?? ""));
    const current = dated.at(-1)?.season.id;
    for (const entry of dated) {
      summaries.set(entry.season.id, {
        season: entry.season,
        starting_at: entry.first?.slice(0, 10) ?? null,
        ending_at: entry.last?.slice(0, 10) ?? null,
        is_current: entry.season.id === current,
        fixture_count: entry.outline?.count ?? 0,
        has_search: entry.outline?.hasSearch ?? false,
      });
    }
  }
  return summaries;
}
