import { deletionVariants } from "../../domain/text/deletion-variants.js";
import { searchFields, type SearchFields } from "../../domain/text/search-fields.js";
import type { CatalogCountry, CatalogLeague, CatalogSeason, CatalogTeam } from "../../domain/catalog.js";
import type { IndexedDocument } from "../../domain/indexed-document.js";
import { translationsOnly } from "../../domain/localized-name.js";
import { withoutTruncatedNames } from "./truncated-names.js";

/**
 * Documents of the reference indices (countries, teams, leagues, seasons). Each
 * carries its display fields, its translations as an unindexed map, and the folded
 * search forms of every name in every language (names are matched in any language;
 * only `search.names` and `search.prior` are kept in `_source`, the rest is indexed only).
 * Teams and leagues also carry what entity search knows beyond their names: `search.prior`,
 * their prominence from 0 to 1 (prominence.ts), and the curated aliases (search-aliases.json),
 * searched like names and never shown.
 */

/**
 * A team's search fields: those of every entity, plus the deletion variants of its words
 * (deletion-variants.ts), which find a team word typed with two slips without a fuzzy query.
 * Only teams get them: the one large reference index, and the one searched with two edits.
 */
export function teamSearchFields(names: Iterable<string>): SearchFields & { deletions: string } {
  const fields = searchFields(names);
  const variants = new Set(fields.words.split(" ").flatMap((word) => deletionVariants(word)));
  return { ...fields, deletions: [...variants].join(" ") };
}

/** A team's or league's entity-search extras; a document built without them has neither. */
export type SearchExtras = { prior: number; aliases: readonly string[] };
const NO_EXTRAS: SearchExtras = { prior: 0, aliases: [] };

export type SeasonSummary = {
  season: CatalogSeason;
  starting_at: string | null;
  ending_at: string | null;
  is_current: boolean;
  fixture_count: number;
  has_search: boolean;
};

export function countryDocument(country: CatalogCountry): IndexedDocument {
  return {
    id: String(country.id),
    doc: {
      id: country.id,
      name: country.name,
      alpha2: country.alpha2,
      alpha3: country.alpha3,
      region: country.region,
      names: translationsOnly(country.names, country.name),
      search: { ...searchFields([country.name, ...Object.values(country.names)]), prior: 0 },
    },
  };
}

export function teamDocument(team: CatalogTeam, country: CatalogCountry, leagues: CatalogLeague[], extras: SearchExtras = NO_EXTRAS): IndexedDocument {
  return {
    id: String(team.id),
    doc: {
      id: team.id,
      name: team.name,
      short_code: team.short_code,
      national_team: team.national_team,
      country: { id: country.id, name: country.name, alpha3: country.alpha3 },
      alternate_names: team.alternate_names,
      names: translationsOnly(team.names, team.name),
      country_names: translationsOnly(country.names, country.name),
      league_ids: leagues.map((league) => league.id),
      search: { ...teamSearchFields([team.name, ...withoutTruncatedNames(team.alternate_names), ...Object.values(team.names), ...extras.aliases]), prior: extras.prior },
    },
  };
}

export function leagueDocument(
  league: CatalogLeague,
  country: CatalogCountry,
  current: SeasonSummary | null,
  extras: SearchExtras = NO_EXTRAS,
): IndexedDocument {
  return {
    id: String(league.id),
    doc: {
      id: league.id,
      code: league.code,
      name: league.name,
      level: league.level,
      popular: league.popular,
      has_search: current?.has_search ?? false,
      region: league.region,
      country: { id: country.id, name: country.name, alpha3: country.alpha3 },
      season: current
        ? {
            id: current.season.id,
            name: current.season.name,
            starting_at: current.starting_at,
            ending_at: current.ending_at,
            is_current: current.is_current,
          }
        : null,
      count: current?.fixture_count ?? 0,
      alternate_names: league.alternate_names,
      names: translationsOnly(league.names, league.name),
      country_names: translationsOnly(country.names, country.name),
      search: { ...searchFields([league.name, ...withoutTruncatedNames(league.alternate_names), ...Object.values(league.names), ...extras.aliases]), prior: extras.prior },
    },
  };
}

export function seasonDocument(summary: SeasonSummary, stages: Array<{ id: number; name: string }>): IndexedDocument {
  const { season } = summary;
  return {
    id: String(season.id),
    doc: {
      id: season.id,
      league_id: season.league_id,
      name: season.name,
      starting_at: summary.starting_at,
      ending_at: summary.ending_at,
      is_current: summary.is_current,
      simulated: season.simulated,
      source: season.source,
      fixture_count: summary.fixture_count,
      stages,
    },
  };
}
