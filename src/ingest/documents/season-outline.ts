/**
 * One season's outline: what its documents need of its fixtures, kept instead of the fixtures (the
 * catalog outline holds one per season, catalog-outline.ts; a source can declare one without
 * making the matches, catalog-source.ts).
 */
import type { CatalogMatch } from "../../domain/catalog.js";
import { isInPlay, SETTLED_STATUSES } from "../../domain/types/statuses.js";

const SETTLED: ReadonlySet<string> = new Set(SETTLED_STATUSES);

/** What one season's documents need of its fixtures, kept instead of the fixtures themselves. */
export type SeasonOutline = {
  count: number;
  /** Fixtures settled by the source (`SETTLED_STATUSES`): what a kept history holds of the season. */
  settled: number;
  /** First and last kick-off (ISO), null for a season without fixtures. */
  first: string | null;
  last: string | null;
  /** Not started yet (at `now` or later) or in play: /fixtures/search can still find it. */
  hasSearch: boolean;
  /** Each stage with its first kick-off. */
  stages: Map<number, { id: number; name: string; first: string }>;
};

/** One season's outline from its matches (a declared season's description is checked against it). */
export function seasonOutlineOf(matches: Iterable<CatalogMatch>, now: Date): SeasonOutline | undefined {
  const seasons = new Map<number, SeasonOutline>();
  const nowIso = now.toISOString();
  for (const match of matches) addToSeason(seasons, match, nowIso);
  if (seasons.size > 1) throw new Error("seasonOutlineOf: matches of more than one season");
  return [...seasons.values()][0];
}

/** Two outlines alike, stages included (a `Map` says nothing in JSON). */
export function sameOutline(a: SeasonOutline, b: SeasonOutline): boolean {
  const plain = ({ count, settled, first, last, hasSearch, stages }: SeasonOutline) =>
    JSON.stringify([count, settled, first, last, hasSearch, [...stages].sort(([x], [y]) => x - y)]);
  return plain(a) === plain(b);
}

/** A match counted into its season's outline (made when the season's first match comes). */
export function addToSeason(seasons: Map<number, SeasonOutline>, match: CatalogMatch, nowIso: string): void {
  let season = seasons.get(match.season_id);
  if (!season) {
    season = { count: 0, settled: 0, first: null, last: null, hasSearch: false, stages: new Map() };
    seasons.set(match.season_id, season);
  }
  season.count++;
  if (SETTLED.has(match.status)) season.settled++;
  if (season.first === null || match.date_time < season.first) season.first = match.date_time;
  if (season.last === null || match.date_time > season.last) season.last = match.date_time;
  if (isInPlay(match.status) || (match.status === "NOT_STARTED" && match.date_time >= nowIso)) season.hasSearch = true;
  if (match.stage) {
    const known = season.stages.get(match.stage.id);
    if (!known || match.date_time < known.first) season.stages.set(match.stage.id, { ...match.stage, first: match.date_time });
  }
}
