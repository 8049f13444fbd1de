import { PRESENTED_FIXTURE_FIELDS } from "../fixture-list/source-fields.js";

/**
 * The parts of the reference documents (src/ingest/documents/reference-documents.ts) that
 * entity search reads back: what its items show and what the scorer needs.
 */
type Named = { id: number; name: string };
/** Absent only in documents built before these search fields existed (they then match nothing). */
type SearchPart = { names: string[]; prior?: number } | undefined;

export type CountryHit = {
  id: number;
  name: string;
  alpha2: string | null;
  alpha3: string;
  names?: Record<string, string>;
  search: SearchPart;
};

export type TeamHit = {
  id: number;
  name: string;
  short_code: string;
  national_team: boolean;
  country: Named & { alpha3: string };
  names?: Record<string, string>;
  country_names?: Record<string, string>;
  search: SearchPart;
};

export type LeagueHit = {
  id: number;
  name: string;
  level: number;
  popular: boolean;
  has_search: boolean;
  region: Named;
  country: Named & { alpha3: string };
  season: { id: number; name: string; starting_at: string | null; ending_at: string | null; is_current: boolean } | null;
  count: number;
  names?: Record<string, string>;
  country_names?: Record<string, string>;
  search: SearchPart;
};

export const COUNTRY_SOURCE = ["id", "name", "alpha2", "alpha3", "names", "search.names"];
export const TEAM_SOURCE = ["id", "name", "short_code", "national_team", "country", "names", "country_names", "search.names", "search.prior"];
export const LEAGUE_SOURCE = [
  "id", "name", "level", "popular", "has_search", "region", "country", "season", "count", "names", "country_names", "search.names", "search.prior",
];
/** What presentFixture reads for an entity-search item (no modules, and no updated_at: the entity variant leaves it out). */
export const FIXTURE_SOURCE = PRESENTED_FIXTURE_FIELDS.filter((field) => field !== "updated_at");
/** The fixture's search forms per side, read as doc values (`search` is not in `_source`). */
export const FIXTURE_SIDES = ["search.home", "search.away"];
