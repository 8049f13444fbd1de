import type { FixtureStatus } from "./types/statuses.js";

/**
 * The source-independent shape every data source produces (the real openfootball
 * data, the synthetic set, the simulated current season). Enrichment and document
 * building only ever see this, so every source gets the same modelled data.
 */

/** Names by ISO 639-1 code; "en" is always present and is the fallback. */
export type LocalizedNames = Record<string, string>;

export type Region = { id: number; name: string };

export type CatalogCountry = {
  id: number;
  name: string;
  alpha2: string | null;
  alpha3: string;
  names: LocalizedNames;
  region: Region;
};

export type CatalogLeague = {
  id: number;
  code: string;
  name: string;
  alternate_names: string[];
  names: LocalizedNames;
  level: number;
  country_id: number;
  region: Region;
  popular: boolean;
  /** IANA zone the source's local kick-off times are in (documented per competition). */
  timezone: string;
};

export type CatalogSeason = {
  id: number;
  league_id: number;
  name: string;
  /** True for the simulated current season (and in synthetic data). */
  simulated: boolean;
  source: string;
};

export type CatalogTeam = {
  id: number;
  name: string;
  alternate_names: string[];
  names: LocalizedNames;
  short_code: string;
  country_id: number;
  national_team: boolean;
  /** A stand-in for a side not known yet ("N.N."): shown in its fixtures, never offered by search. */
  placeholder: boolean;
};

export type Goals = [home: number, away: number];

/** A result as the source gives it: ft after 90', et the total after 120', p the shoot-out alone. */
export type MatchResult = { ht?: Goals; ft: Goals; et?: Goals; p?: Goals };

export type CatalogMatch = {
  id: number;
  season_id: number;
  league_id: number;
  stage: { id: number; name: string } | null;
  group: { id: number; name: string } | null;
  round: string;
  /** ISO 8601 UTC with milliseconds. */
  date_time: string;
  status: FixtureStatus;
  home_team_id: number;
  away_team_id: number;
  /** The real result of a finished (or awarded) match; absent otherwise. */
  result?: MatchResult;
  /** A cup tie that needs a winner (extra time and penalties when level). */
  knockout: boolean;
};

export type Catalog = {
  countries: CatalogCountry[];
  leagues: CatalogLeague[];
  seasons: CatalogSeason[];
  teams: CatalogTeam[];
  matches: CatalogMatch[];
};
