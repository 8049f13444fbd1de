import type { Catalog, CatalogLeague, CatalogMatch, CatalogTeam } from "../../domain/catalog.js";
import { prominence } from "./prominence.js";
import type { SearchExtras } from "./reference-documents.js";
import { loadSearchAliases, type SearchAliases } from "./search-aliases.js";

/** What a rebuild adds to each team's and league's search fields: its prior and its curated aliases. */
export type SearchExtrasOf = { team: (team: CatalogTeam) => SearchExtras; league: (league: CatalogLeague) => SearchExtras };

export function searchExtras(catalog: Pick<Catalog, "teams" | "leagues" | "seasons"> & { matches: readonly CatalogMatch[] }, aliases: SearchAliases = loadSearchAliases()): SearchExtrasOf {
  const priors = prominence(catalog);
  return {
    team: (team) => ({ prior: priors.teams.get(team.id) ?? 0, aliases: aliases.teams.get(team.name) ?? [] }),
    league: (league) => ({ prior: priors.leagues.get(league.id) ?? 0, aliases: aliases.leagues.get(league.code) ?? [] }),
  };
}
