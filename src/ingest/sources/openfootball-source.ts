import { POPULAR_LEAGUE_CODES } from "../../domain/types/popular-leagues.js";
import {
  readOpenfootball,
  type Country,
  type Match,
  type OpenfootballData,
  type Season,
  type Team,
} from "../../import/openfootball/index.js";
import type { LocalizedNames as SourceNames } from "../../import/openfootball/localized-names.js";
import type {
  Catalog,
  CatalogCountry,
  CatalogLeague,
  CatalogMatch,
  CatalogSeason,
  CatalogTeam,
  LocalizedNames,
  MatchResult,
} from "../../domain/catalog.js";
import { stableId } from "../../domain/stable-id.js";
import { REGIONS, type RegionKey } from "../synthetic/regions.js";
import { detectGroups } from "./groups.js";
import { isKnockoutName } from "../../domain/knockout.js";


/**
 * The real openfootball data as a Catalog: real fixtures with their real results.
 * Returns the reader's report too, for the rebuild's summary.
 */
export function openfootballCatalog(dir: string, now: Date): { catalog: Catalog; data: OpenfootballData } {
  const data = readOpenfootball(dir, { now });
  const countryIdByKey = new Map(data.countries.map((country) => [country.key, country.id]));
  const countryId = (key: string): number => {
    const id = countryIdByKey.get(key);
    if (id === undefined) throw new Error(`openfootball: no country for key "${key}"`);
    return id;
  };
  const catalog: Catalog = {
    countries: data.countries.map(catalogCountry),
    leagues: catalogLeagues(data, countryId),
    seasons: data.seasons.map(catalogSeason),
    teams: data.teams.map((team) => catalogTeam(team, countryId(team.country.key))),
    matches: catalogMatches(data.matches),
  };
  return { catalog, data };
}

function catalogCountry(country: Country): CatalogCountry {
  return {
    id: country.id,
    name: country.name,
    alpha2: country.alpha2,
    alpha3: country.alpha3,
    names: { ...country.names, en: country.name },
    region: REGIONS[country.region as RegionKey],
  };
}

function catalogLeagues(data: OpenfootballData, countryId: (key: string) => number): CatalogLeague[] {
  const regionByCountryKey = new Map(data.countries.map((country) => [country.key, REGIONS[country.region as RegionKey]]));
  return data.leagues.map((league) => ({
    id: league.id,
    code: league.code,
    name: league.name,
    alternate_names: league.alternate_names,
    names: firstNames(league.localized_names, league.name),
    level: league.level,
    country_id: countryId(league.country_key),
    region: regionByCountryKey.get(league.country_key) ?? REGIONS.Europe,
    popular: POPULAR_LEAGUE_CODES.has(league.code),
    timezone: league.timezone,
  }));
}

function catalogSeason(season: Season): CatalogSeason {
  return { id: season.id, league_id: season.league_id, name: season.name, simulated: false, source: "openfootball" };
}

function catalogTeam(team: Team, countryId: number): CatalogTeam {
  return {
    id: team.id,
    name: team.name,
    alternate_names: team.alternate_names,
    names: firstNames(team.localized_names, team.name),
    short_code: team.short_code,
    country_id: countryId,
    national_team: false,
    placeholder: team.placeholder === true,
  };
}

function stageKey(seasonKey: string, stage: string): string {
  return `${seasonKey}:${stage}`;
}

/** Each match with its stage and, in a stage of teams that never meet, its group; results only when played. */
function catalogMatches(matches: readonly Match[]): CatalogMatch[] {
  const groups = detectGroups(
    matches
      .filter((match) => !isKnockoutName(match.stage))
      .map((match) => ({
        id: match.id,
        stageKey: stageKey(match.season_key, match.stage),
        home: match.home_team_id,
        away: match.away_team_id,
        date_time: match.kickoff_utc,
      })),
  );
  return matches.map((match) => {
    const catalogMatch: CatalogMatch = {
      id: match.id,
      season_id: match.season_id,
      league_id: match.league_id,
      stage: { id: stableId("stage", stageKey(match.season_key, match.stage)), name: match.stage },
      group: groups.get(match.id) ?? null,
      round: match.round,
      date_time: match.kickoff_utc,
      status: match.status,
      home_team_id: match.home_team_id,
      away_team_id: match.away_team_id,
      knockout: isKnockoutName(match.stage) || isKnockoutName(match.round),
    };
    const result = playedResult(match);
    if (result) catalogMatch.result = result;
    return catalogMatch;
  });
}

/** The real result of a finished (or awarded) match. */
function playedResult(match: Match): MatchResult | undefined {
  const { ht, ft, et, p } = match.scores;
  if (!ft || (match.status !== "FT" && match.status !== "AWARDED")) return undefined;
  return { ft, ...(ht ? { ht } : {}), ...(et ? { et } : {}), ...(p ? { p } : {}) };
}

/** The reader keeps every localized spelling; a display name needs one per language. */
function firstNames(names: SourceNames, english: string): LocalizedNames {
  const result: LocalizedNames = { en: english };
  for (const [language, list] of Object.entries(names)) {
    const first = list[0];
    if (first && language !== "en") result[language] = first;
  }
  return result;
}
