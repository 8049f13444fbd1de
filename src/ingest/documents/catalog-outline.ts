import { isInPlay, SETTLED_STATUSES } from "../../domain/types/statuses.js";
import type { CatalogMatch } from "../../domain/catalog.js";
import type { CatalogSource } from "../catalog-source.js";
import { PAUSE_EVERY, type Walk } from "../walk.js";

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

function addToSeason(seasons: Map<number, SeasonOutline>, match: CatalogMatch, nowIso: string): void {
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

/** A season's stages in the order they start. */
export function stagesOf(season: SeasonOutline | undefined): Array<{ id: number; name: string }> {
  return [...(season?.stages.values() ?? [])].sort((a, b) => a.first.localeCompare(b.first)).map(({ id, name }) => ({ id, name }));
}
