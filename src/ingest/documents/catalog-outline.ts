import { isInPlay } from "../../domain/types/statuses.js";
import type { CatalogMatch } from "../../domain/catalog.js";
import type { CatalogSource } from "../catalog-source.js";
import { PAUSE_EVERY, type Walk } from "../walk.js";

/** What one season's documents need of its fixtures, kept instead of the fixtures themselves. */
export type SeasonOutline = {
  count: number;
  /** First and last kick-off (ISO), null for a season without fixtures. */
  first: string | null;
  last: string | null;
  /** Not started yet (at `now` or later) or in play: /fixtures/search can still find it. */
  hasSearch: boolean;
  /** Each stage with its first kick-off. */
  stages: Map<number, { id: number; name: string; first: string }>;
};

/** The first walk over a source's matches: per season its outline, per team its leagues, and the totals. */
export type CatalogOutline = {
  seasons: Map<number, SeasonOutline>;
  leagueIdsByTeam: Map<number, Set<number>>;
  fixtureCount: number;
  inPlay: number;
};

export function* outlineCatalog(source: Pick<CatalogSource, "matches">, now: Date): Walk<CatalogOutline> {
  const nowIso = now.toISOString();
  const outline: CatalogOutline = { seasons: new Map(), leagueIdsByTeam: new Map(), fixtureCount: 0, inPlay: 0 };
  for (const match of source.matches()) {
    if (++outline.fixtureCount % PAUSE_EVERY === 0) yield;
    if (isInPlay(match.status)) outline.inPlay++;
    addToSeason(outline.seasons, match, nowIso);
    for (const teamId of [match.home_team_id, match.away_team_id]) {
      const leagues = outline.leagueIdsByTeam.get(teamId) ?? new Set<number>();
      leagues.add(match.league_id);
      outline.leagueIdsByTeam.set(teamId, leagues);
    }
  }
  return outline;
}

function addToSeason(seasons: Map<number, SeasonOutline>, match: CatalogMatch, nowIso: string): void {
  let season = seasons.get(match.season_id);
  if (!season) {
    season = { count: 0, first: null, last: null, hasSearch: false, stages: new Map() };
    seasons.set(match.season_id, season);
  }
  season.count++;
  if (season.first === null || match.date_time < season.first) season.first = match.date_time;
  if (season.last === null || match.date_time > season.last) season.last = match.date_time;
  if (isInPlay(match.status) || (match.status === "NOT_STARTED" && match.date_time >= nowIso)) season.hasSearch = true;
  if (match.stage) {
    const known = season.stages.get(match.stage.id);
    if (!known || match.date_time < known.first) season.stages.set(match.stage.id, { ...match.stage, first: match.date_time });
  }
}

/** A season's stages in the order they start. */
export function stagesOf(season: SeasonOutline | undefined): Array<{ id: number; name: string }> {
  return [...(season?.stages.values() ?? [])].sort((a, b) => a.first.localeCompare(b.first)).map(({ id, name }) => ({ id, name }));
}
