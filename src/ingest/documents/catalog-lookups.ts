import type { CatalogCountry, CatalogLeague, CatalogTeam } from "../../domain/catalog.js";
import type { CatalogSource } from "../catalog-source.js";
import type { CatalogOutline } from "./catalog-outline.js";
import type { SeasonSummary } from "./reference-documents.js";
import { seasonSummaries } from "./season-summaries.js";

/** The catalog by id, and each season's outline and summary: what every kind of document looks up. */
export type CatalogLookups = {
  leagues: Map<number, CatalogLeague>;
  countries: Map<number, CatalogCountry>;
  teams: Map<number, CatalogTeam>;
  summaries: Map<number, SeasonSummary>;
  /** Fixtures per season: a walk knows when a season's last fixture has passed. */
  seasonCounts: Map<number, number>;
};

export function catalogLookups(source: CatalogSource, outline: CatalogOutline): CatalogLookups {
  return {
    leagues: new Map(source.leagues.map((league) => [league.id, league])),
    countries: new Map(source.countries.map((country) => [country.id, country])),
    teams: new Map(source.teams.map((team) => [team.id, team])),
    summaries: seasonSummaries(source.seasons, outline.seasons),
    seasonCounts: new Map([...outline.seasons].map(([id, season]) => [id, season.count])),
  };
}
