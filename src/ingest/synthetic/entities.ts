import type { CatalogLeague, CatalogTeam } from "../../domain/catalog.js";
import type { IdRegistry } from "../../domain/stable-id.js";
import { stableId } from "../../domain/stable-id.js";
import type { LeagueSpec, TeamSpec } from "./base-leagues.js";
import { POPULAR_LEAGUE_CODES } from "../../domain/types/popular-leagues.js";
import { countryId, SYNTHETIC_COUNTRIES } from "./countries.js";
import { REGIONS } from "./regions.js";

/** League and team entities from their specs. League ids: stableId("league", code), as in the real data. */
export function buildLeague(spec: Omit<LeagueSpec, "teams">): CatalogLeague {
  const country = SYNTHETIC_COUNTRIES[spec.country];
  return {
    id: stableId("league", spec.code),
    code: spec.code,
    name: spec.name,
    alternate_names: [...spec.alternates],
    names: { en: spec.name, ...spec.names },
    level: spec.level,
    country_id: countryId(spec.country),
    region: { ...REGIONS[country.region] },
    popular: POPULAR_LEAGUE_CODES.has(spec.code),
    timezone: country.timezone,
  };
}

/** Team ids: stableId("team", "synthetic:<country key>:<name>"), never equal to a real club's. */
export function buildTeam(spec: TeamSpec, country: LeagueSpec["country"], teamIds: IdRegistry): CatalogTeam {
  return {
    id: teamIds.idFor(`synthetic:${country}:${spec.name}`),
    name: spec.name,
    alternate_names: [...spec.alternates],
    names: { en: spec.name, ...spec.names },
    short_code: spec.shortCode,
    country_id: countryId(country),
    national_team: false,
    placeholder: false,
  };
}
