import { isInPlay } from "../../domain/types/statuses.js";
import { groupBy } from "../../domain/group-by.js";
import type { Catalog, CatalogMatch } from "../../domain/catalog.js";
import type { SeasonSummary } from "./reference-documents.js";

/**
 * Dates, counts and the current flag of every season. A league's current season is
 * its simulated one where it has one, else its latest; has_search says the season
 * still has fixtures that /fixtures/search can find (not started or in play).
 */
export function seasonSummaries(catalog: Catalog, matchesBySeason: Map<number, CatalogMatch[]>, now: Date): Map<number, SeasonSummary> {
  const nowIso = now.toISOString();
  const byLeague = groupBy(catalog.seasons, (season) => season.league_id);
  const summaries = new Map<number, SeasonSummary>();
  for (const seasons of byLeague.values()) {
    const dated = seasons.map((season) => {
      const matches = matchesBySeason.get(season.id) ?? [];
      const dates = matches.map((match) => match.date_time).sort();
      return { season, matches, first: dates[0] ?? null, last: dates.at(-1) ?? null };
    });
    dated.sort((a, b) => Number(a.season.simulated) - Number(b.season.simulated) || (a.first ?? "").localeCompare(b.first ?? ""));
    const current = dated.at(-1)?.season.id;
    for (const entry of dated) {
      summaries.set(entry.season.id, {
        season: entry.season,
        starting_at: entry.first?.slice(0, 10) ?? null,
        ending_at: entry.last?.slice(0, 10) ?? null,
        is_current: entry.season.id === current,
        fixture_count: entry.matches.length,
        has_search: entry.matches.some((match) => isInPlay(match.status) || (match.status === "NOT_STARTED" && match.date_time >= nowIso)),
      });
    }
  }
  return summaries;
}

export function uniqueStages(matches: CatalogMatch[]): Array<{ id: number; name: string }> {
  const stages = new Map<number, { id: number; name: string; first: string }>();
  for (const match of matches) {
    if (!match.stage) continue;
    const known = stages.get(match.stage.id);
    if (!known || match.date_time < known.first) stages.set(match.stage.id, { ...match.stage, first: match.date_time });
  }
  return [...stages.values()].sort((a, b) => a.first.localeCompare(b.first)).map(({ id, name }) => ({ id, name }));
}
