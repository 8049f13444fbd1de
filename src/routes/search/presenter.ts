import { localizedName } from "../../domain/localized-name.js";
import { presentFixture } from "../../presenters/fixture-presenter.js";
import type { CountryHit, LeagueHit, TeamHit } from "../../search/entity/documents.js";
import type { RankedResult } from "../../search/entity/rank.js";
import type { z } from "../../openapi/zod.js";
import type { EntitySearchResponseSchema, SearchCountrySchema, SearchLeagueSchema, SearchTeamSchema } from "./schema.js";

/**
 * Entity-search items, every field listed one by one (search forms and priors never leak),
 * names in the requested language with the English fallback.
 */

/** Four decimals: enough to keep the order visible, never more digits than meaning. */
function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}

const FOOTBALL = { id: 1, name: "Football" };

export function presentCountry(doc: CountryHit, score: number, language: string): z.input<typeof SearchCountrySchema> {
  return { id: doc.id, name: localizedName(doc.names, doc.name, language), alpha3: doc.alpha3, score: round(score) };
}

export function presentTeam(doc: TeamHit, score: number, language: string): z.input<typeof SearchTeamSchema> {
  return {
    id: doc.id,
    name: localizedName(doc.names, doc.name, language),
    short_code: doc.short_code,
    national_team: doc.national_team,
    country: { id: doc.country.id, name: localizedName(doc.country_names, doc.country.name, language), alpha3: doc.country.alpha3 },
    score: round(score),
  };
}

export function presentLeague(doc: LeagueHit, score: number, live: number, language: string): z.input<typeof SearchLeagueSchema> {
  const season = doc.season;
  return {
    region: { id: doc.region.id, name: doc.region.name },
    country: { id: doc.country.id, name: localizedName(doc.country_names, doc.country.name, language), alpha3: doc.country.alpha3 },
    league: { id: doc.id, name: localizedName(doc.names, doc.name, language), level: doc.level },
    season: season
      ? { id: season.id, name: season.name, starting_at: season.starting_at, ending_at: season.ending_at, is_current: season.is_current }
      : null,
    sport: FOOTBALL,
    count: doc.count,
    live,
    popular: doc.popular,
    level: doc.level,
    has_search: doc.has_search,
    score: round(score),
  };
}

/** The response: only the keys of the requested types, in the order countries, leagues, teams, fixtures. */
export function presentEntitySearch(result: RankedResult, language: string): z.input<typeof EntitySearchResponseSchema> {
  return {
    ...(result.countries && { countries: result.countries.map((entry) => presentCountry(entry.item, entry.score, language)) }),
    ...(result.leagues && { leagues: result.leagues.map((entry) => presentLeague(entry.item, entry.score, entry.live, language)) }),
    ...(result.teams && { teams: result.teams.map((entry) => presentTeam(entry.item, entry.score, language)) }),
    ...(result.fixtures && {
      fixtures: result.fixtures.map((entry) => ({
        ...presentFixture(entry.item, { language, includes: new Set(), filters: {}, variant: "entity" }),
        score: round(entry.score),
      })),
    }),
  };
}
