import { existsSync } from "node:fs";
import { join } from "node:path";
import { isInPlay } from "../domain/types/statuses.js";
import { PROJECT_ROOT } from "../paths.js";
import { computeSeasonTables, type StandingRow } from "../domain/standings/compute.js";
import type { IndexedDocument } from "../domain/indexed-document.js";
import type { Catalog, CatalogCountry, CatalogLeague, CatalogMatch, CatalogSeason, CatalogTeam } from "../domain/catalog.js";
import { groupBy } from "../domain/group-by.js";
import { countryDocument, leagueDocument, seasonDocument, teamDocument, type SeasonSummary } from "./documents/reference-documents.js";
import { searchExtras } from "./documents/search-extras.js";
import { seasonSummaries, uniqueStages } from "./documents/season-summaries.js";
import { standingDocument } from "../domain/standings/standing-document.js";
import { buildFixtureDocument } from "./fixtures/build-fixture-document.js";
import { byKickoff, planMatches, type MatchPlan } from "./fixtures/match-plans.js";
import { buildLiveSlate } from "./live-slate/index.js";
import type { DataSet } from "./rebuild.js";
import type { DataOrigin } from "../store/index-versions.js";
import { dropImplicitStages } from "./sources/normalize-stages.js";
import { openfootballCatalog } from "./sources/openfootball-source.js";
import { buildSyntheticCatalog } from "./synthetic/index.js";

export const DEFAULT_OPENFOOTBALL_DIR = join(PROJECT_ROOT, "..", "shared", "data", "openfootball");

export type SourceOptions = { source: "openfootball"; dir: string } | { source: "synthetic"; scale?: number };

/** Real data when the shared folder is there, else the synthetic set (what `npm start` uses). */
export function defaultSource(): SourceOptions {
  const dir = process.env.OPENFOOTBALL_DIR ?? DEFAULT_OPENFOOTBALL_DIR;
  return existsSync(join(dir, "football.json")) ? { source: "openfootball", dir } : { source: "synthetic" };
}

/**
 * Everything one rebuild loads, from a source: the catalog (with the simulated
 * current season around `now`), one chronological planning pass, the tables, and
 * then documents generated lazily while they are loaded (fixture documents are the
 * big ones, so they are never all in memory at once).
 */
export async function buildDataSet(
  options: SourceOptions,
  now: Date,
  log: (line: string) => void = () => {},
): Promise<{ dataSet: DataSet; catalog: Catalog; summary: string[] }> {
  const catalog = loadCatalog(options, now);
  const { dataSet, summary } = buildDataSetFromCatalog(catalog, now, log);
  return { dataSet: { ...dataSet, origin: originOf(options) }, catalog, summary: [`Source: ${options.source}`, ...summary] };
}

/** A synthetic set's scale: a positive whole number of fixtures. */
export function isSyntheticScale(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1;
}

/** What the rebuild records of a source: enough to read it again (`sourceToRebuild`). */
function originOf(options: SourceOptions): DataOrigin {
  if (options.source === "openfootball") return { source: "openfootball", dir: options.dir };
  return options.scale === undefined ? { source: "synthetic" } : { source: "synthetic", scale: options.scale };
}

/**
 * The source an automatic rebuild (`npm start` after a mapping change) reads: the one the data
 * was built from, as its version recorded it, so the rebuild does not swap a synthetic set for
 * the real data or back; the default source when nothing usable was recorded, saying why.
 */
export function sourceToRebuild(origin: DataOrigin | null): { options: SourceOptions; why: string } {
  if (origin?.source === "synthetic") {
    const scale = origin.scale;
    if (scale === undefined) return { options: { source: "synthetic" }, why: "the source the data was built from" };
    if (isSyntheticScale(scale)) {
      return { options: { source: "synthetic", scale }, why: `the source the data was built from (scale ${scale})` };
    }
  }
  if (origin?.source === "openfootball" && typeof origin.dir === "string") {
    if (existsSync(join(origin.dir, "football.json"))) {
      return { options: { source: "openfootball", dir: origin.dir }, why: `the source the data was built from (${origin.dir})` };
    }
    return { options: defaultSource(), why: `the default source: the data's own folder ${origin.dir} is gone` };
  }
  return { options: defaultSource(), why: "the default source: the data does not record its own (built by an older version)" };
}

/** The documents of any catalog (tests build small catalogs of their own and load them with `rebuild`). */
export function buildDataSetFromCatalog(
  catalog: Catalog,
  now: Date,
  log: (line: string) => void = () => {},
): { dataSet: DataSet; summary: string[] } {
  log(
    `Catalog: ${catalog.leagues.length} leagues, ${catalog.seasons.length} seasons, ${catalog.teams.length} teams, ` +
      `${catalog.matches.length.toLocaleString("en")} fixtures`,
  );
  assertUniqueFixtureIds(catalog);
  const plans = planMatches(catalog, now);
  log("Planned every fixture (strength model, league averages, predictions)");

  const lookups = catalogLookups(catalog, now);
  const tables = seasonTables(catalog, lookups, plans);
  const dataSet: DataSet = {
    ...referenceDocuments(catalog, lookups),
    standings: {
      count: tables.rows.length,
      documents: () => tables.rows.map((row, index) => standingDocument(row, index, lookups.teams, now)),
    },
    fixtures: fixtureDocuments(catalog, lookups, plans, tables.positions, now),
  };
  const summary = [`${catalog.matches.filter((m) => isInPlay(m.status)).length} fixtures in play at ${now.toISOString()}`];
  return { dataSet, summary };
}

/** The catalog by id, and each season's fixtures and summary: what every kind of document looks up. */
type CatalogLookups = {
  leagues: Map<number, CatalogLeague>;
  countries: Map<number, CatalogCountry>;
  teams: Map<number, CatalogTeam>;
  matchesBySeason: Map<number, CatalogMatch[]>;
  summaries: Map<number, SeasonSummary>;
};

function catalogLookups(catalog: Catalog, now: Date): CatalogLookups {
  const matchesBySeason = groupBy(catalog.matches, (match) => match.season_id);
  return {
    leagues: new Map(catalog.leagues.map((league) => [league.id, league])),
    countries: new Map(catalog.countries.map((country) => [country.id, country])),
    teams: new Map(catalog.teams.map((team) => [team.id, team])),
    matchesBySeason,
    summaries: seasonSummaries(catalog, matchesBySeason, now),
  };
}

/** Every season's table rows, and each team's position by season and stage for the fixture documents. */
type SeasonTables = { rows: StandingRow[]; positions: Map<string, number> };

function seasonTables(catalog: Catalog, lookups: CatalogLookups, plans: Map<number, MatchPlan>): SeasonTables {
  const rows: StandingRow[] = [];
  const positions = new Map<string, number>();
  for (const season of catalog.seasons) {
    const league = lookups.leagues.get(season.league_id)!;
    const seasonRows = computeSeasonTables({
      season: { id: season.id, name: season.name },
      leagueCode: league.code,
      teams: lookups.teams,
      fixtures: (lookups.matchesBySeason.get(season.id) ?? []).map((match) => ({
        id: match.id,
        date_time: match.date_time,
        stage: match.stage,
        group: match.group,
        home_team_id: match.home_team_id,
        away_team_id: match.away_team_id,
        goals: plans.get(match.id)?.tableGoals ?? null,
      })),
    });
    for (const row of seasonRows) positions.set(positionKey(season.id, row.stage?.id ?? 0, row.team.id), row.position);
    rows.push(...seasonRows);
  }
  return { rows, positions };
}

function referenceDocuments(catalog: Catalog, lookups: CatalogLookups): Pick<DataSet, "countries" | "leagues" | "teams" | "seasons"> {
  const { leagues, countries, matchesBySeason, summaries } = lookups;
  const leagueIdsByTeam = leagueIdsOfTeams(catalog.matches);
  const currentSeasonOf = (leagueId: number) =>
    [...summaries.values()].find((summary) => summary.season.league_id === leagueId && summary.is_current) ?? null;
  const searchableTeams = catalog.teams.filter((team) => !team.placeholder);
  const extras = searchExtras(catalog);
  return {
    countries: { count: catalog.countries.length, documents: () => catalog.countries.map(countryDocument) },
    leagues: {
      count: catalog.leagues.length,
      documents: () =>
        catalog.leagues.map((league) => leagueDocument(league, countries.get(league.country_id)!, currentSeasonOf(league.id), extras.league(league))),
    },
    teams: {
      count: searchableTeams.length,
      documents: () =>
        searchableTeams.map((team) =>
          teamDocument(
            team,
            countries.get(team.country_id)!,
            [...(leagueIdsByTeam.get(team.id) ?? [])].sort((a, b) => a - b).map((id) => leagues.get(id)!),
            extras.team(team),
          ),
        ),
    },
    seasons: {
      count: catalog.seasons.length,
      documents: () =>
        catalog.seasons.map((season) => {
          const stages = uniqueStages(matchesBySeason.get(season.id) ?? []);
          return seasonDocument(summaries.get(season.id)!, stages);
        }),
    },
  };
}

function leagueIdsOfTeams(matches: readonly CatalogMatch[]): Map<number, Set<number>> {
  const leagueIdsByTeam = new Map<number, Set<number>>();
  for (const match of matches) {
    for (const teamId of [match.home_team_id, match.away_team_id]) {
      const set = leagueIdsByTeam.get(teamId) ?? new Set<number>();
      set.add(match.league_id);
      leagueIdsByTeam.set(teamId, set);
    }
  }
  return leagueIdsByTeam;
}

/** Fixture documents are the big ones: generated in kick-off order while they are loaded, never all at once. */
function fixtureDocuments(
  catalog: Catalog,
  lookups: CatalogLookups,
  plans: Map<number, MatchPlan>,
  positions: Map<string, number>,
  now: Date,
): DataSet["fixtures"] {
  const { leagues, countries, teams, summaries } = lookups;
  const orderedMatches = [...catalog.matches].sort(byKickoff);
  return {
    count: catalog.matches.length,
    documents: function* (): Generator<IndexedDocument> {
      for (const match of orderedMatches) {
        const league = leagues.get(match.league_id)!;
        const stageId = match.stage?.id ?? 0;
        const doc = buildFixtureDocument(
          match,
          plans.get(match.id)!,
          {
            league,
            country: countries.get(league.country_id)!,
            season: summaries.get(match.season_id)!,
            home: teams.get(match.home_team_id)!,
            away: teams.get(match.away_team_id)!,
            positions: {
              home: positions.get(positionKey(match.season_id, stageId, match.home_team_id)) ?? null,
              away: positions.get(positionKey(match.season_id, stageId, match.away_team_id)) ?? null,
            },
          },
          now,
        );
        yield { id: String(match.id), doc };
      }
    },
  };
}

function loadCatalog(options: SourceOptions, now: Date): Catalog {
  if (options.source === "synthetic") {
    const catalog = buildSyntheticCatalog({ now, ...(options.scale === undefined ? {} : { scale: options.scale }) });
    return { ...catalog, matches: dropImplicitStages(catalog.matches) };
  }
  const { catalog } = openfootballCatalog(options.dir, now);
  const slate = buildLiveSlate({
    now,
    leagues: catalog.leagues.filter((league) => league.level === 1 && !isInternational(league.code)),
    teamsByLeague: latestTeamsByLeague(catalog),
  });
  return {
    ...catalog,
    seasons: [...catalog.seasons, ...slate.seasons],
    matches: dropImplicitStages([...catalog.matches, ...slate.matches]),
  };
}

function isInternational(code: string): boolean {
  return code === "uefa.cl" || code === "copa.l";
}

/** The teams of each league's latest real season: the simulated season plays with them. */
function latestTeamsByLeague(catalog: Catalog): Map<number, number[]> {
  const latest = new Map<number, CatalogSeason>();
  const firstKickoff = new Map<number, string>();
  for (const match of catalog.matches) {
    const known = firstKickoff.get(match.season_id);
    if (!known || match.date_time < known) firstKickoff.set(match.season_id, match.date_time);
  }
  for (const season of catalog.seasons) {
    const current = latest.get(season.league_id);
    if (!current || (firstKickoff.get(season.id) ?? "") > (firstKickoff.get(current.id) ?? "")) latest.set(season.league_id, season);
  }
  const result = new Map<number, number[]>();
  const placeholders = new Set(catalog.teams.filter((team) => team.placeholder).map((team) => team.id));
  for (const [leagueId, season] of latest) {
    const ids = new Set<number>();
    for (const match of catalog.matches) {
      if (match.season_id !== season.id || match.stage?.name.match(/play-?off|final/i)) continue;
      for (const id of [match.home_team_id, match.away_team_id]) if (!placeholders.has(id)) ids.add(id);
    }
    result.set(leagueId, [...ids].sort((a, b) => a - b));
  }
  return result;
}

function positionKey(seasonId: number, stageId: number, teamId: number): string {
  return `${seasonId}:${stageId}:${teamId}`;
}

/** Real and simulated fixtures get ids from different namespaces: one check across both. */
function assertUniqueFixtureIds(catalog: Catalog): void {
  const seen = new Set<number>();
  for (const match of catalog.matches) {
    if (seen.has(match.id)) throw new Error(`Fixture id ${match.id} is used twice; nothing was loaded`);
    seen.add(match.id);
  }
}
