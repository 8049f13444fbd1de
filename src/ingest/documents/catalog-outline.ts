import { isInPlay } from "../../domain/types/statuses.js";
import type { CatalogSource } from "../catalog-source.js";
import { PAUSE_EVERY, type Walk } from "../walk.js";
import { addToSeason, type SeasonOutline } from "./season-outline.js";

/** The first walk over a source's matches: per season its outline, per team its leagues, and the totals. */
export type CatalogOutline = {
  seasons: Map<number, SeasonOutline>;
  leagueIdsByTeam: Map<number, Set<number>>;
  fixtureCount: number;
  inPlay: number;
};

/**
 * The outline of a source: its undeclared matches walked, its declared seasons (all settled, so
 * none in play) taken as the source describes them. A source of generated history outlines in
 * the time its live part takes.
 */
export function* outlineCatalog(source: Pick<CatalogSource, "undeclaredMatches" | "declared">, now: Date): Walk<CatalogOutline> {
  const nowIso = now.toISOString();
  const outline: CatalogOutline = { seasons: new Map(), leagueIdsByTeam: new Map(), fixtureCount: 0, inPlay: 0 };
  const addTeam = (teamId: number, leagueId: number) => {
    const leagues = outline.leagueIdsByTeam.get(teamId) ?? new Set<number>();
    leagues.add(leagueId);
    outline.leagueIdsByTeam.set(teamId, leagues);
  };
  for (const match of source.undeclaredMatches()) {
    if (++outline.fixtureCount % PAUSE_EVERY === 0) yield;
    if (isInPlay(match.status)) outline.inPlay++;
    addToSeason(outline.seasons, match, nowIso);
    addTeam(match.home_team_id, match.league_id);
    addTeam(match.away_team_id, match.league_id);
  }
  for (const [seasonId, declared] of source.declared) {
    if (outline.seasons.has(seasonId)) throw new Error(`season ${seasonId} is both declared and read: its fixtures would count twice`);
    outline.seasons.set(seasonId, declared.outline);
    outline.fixtureCount += declared.outline.count;
    for (const teamId of declared.teams) addTeam(teamId, declared.leagueId);
  }
  return outline;
}

/** A season's stages in the order they start. */
export function stagesOf(season: SeasonOutline | undefined): Array<{ id: number; name: string }> {
  return [...(season?.stages.values() ?? [])].sort((a, b) => a.first.localeCompare(b.first)).map(({ id, name }) => ({ id, name }));
}
