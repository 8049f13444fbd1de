import type { Catalog, CatalogLeague, CatalogMatch, CatalogSeason, CatalogTeam } from "../../domain/catalog.js";
import { buildLiveSlate } from "../live-slate/index.js";
import { FIXTURE_ID_BITS, IdRegistry } from "../../domain/stable-id.js";
import { BASE_CUP, BASE_LEAGUES, type LeagueSpec } from "./base-leagues.js";
import { buildCountry, type SyntheticCountryKey } from "./countries.js";
import { buildCupSeason } from "./cup.js";
import { buildPastLeagueSeason, pastSeasonStart } from "./domestic-seasons.js";
import { markEdgeCases } from "./edge-cases.js";
import { buildLeague, buildTeam } from "./entities.js";
import { FIXTURES_PER_SCALE_LEAGUE, PAST_SEASONS_PER_SCALE_LEAGUE, scaleLeagueSpec } from "./scale.js";

/**
 * A self-contained data set for machines without the real data, deterministic for the same
 * `now` and `scale`.
 *
 * Base (no scale, about 4,700 fixtures, well under a second): en.1, es.1, de.1 and br.1
 * (level 1), de.2 (level 2) and the uefa.cl cup (groups, then knockout). Every league has two past
 * seasons (simulated: results come from the match simulator; a dozen edge cases carry the
 * statuses POSTPONED, CANCELLED, ABANDONED, AWARDED with 3-0, NO_RESULT); the domestic level-1
 * leagues also get the live slate's current season around `now` (live-slate/).
 *
 * `scale: N` adds generated level-1 leagues (scale.ts, 1,900 fixtures each) until there are at
 * least N fixtures; the base part stays the same.
 */
export type SyntheticOptions = { now: Date; scale?: number };

const BASE_PAST_SEASONS = 2;
const EDGE_CASE_SEED = "synthetic:edge-cases";

export function buildSyntheticCatalog(options: SyntheticOptions): Catalog {
  const { now } = options;
  const teamIds = new IdRegistry("team");
  const fixtureIds = new IdRegistry("fixture", FIXTURE_ID_BITS);
  const countryKeys = new Set<SyntheticCountryKey>();
  const leagues: CatalogLeague[] = [];
  const teams: CatalogTeam[] = [];
  const seasons: CatalogSeason[] = [];
  const matches: CatalogMatch[] = [];
  const teamsByLeague = new Map<number, number[]>();

  const addLeague = (spec: LeagueSpec, pastSeasons: number): CatalogMatch[] => {
    const league = buildLeague(spec);
    const ids = spec.teams.map((team) => {
      const built = buildTeam(team, spec.country, teamIds);
      teams.push(built);
      return built.id;
    });
    leagues.push(league);
    teamsByLeague.set(league.id, ids);
    countryKeys.add(spec.country);
    const past: CatalogMatch[] = [];
    for (let back = pastSeasons; back >= 1; back--) {
      const built = buildPastLeagueSeason(league, ids, now, back, fixtureIds);
      seasons.push(built.season);
      past.push(...built.matches);
    }
    matches.push(...past);
    return past;
  };

  const basePast = BASE_LEAGUES.flatMap((spec) => addLeague(spec, BASE_PAST_SEASONS));
  markEdgeCases(basePast, EDGE_CASE_SEED);

  const cup = buildLeague(BASE_CUP);
  leagues.push(cup);
  countryKeys.add(BASE_CUP.country);
  const entrants = BASE_CUP.entrants.flatMap(({ league, count }) => {
    const spec = BASE_LEAGUES.find((candidate) => candidate.code === league);
    if (!spec) throw new Error(`Cup entrants from unknown league ${league}`);
    return spec.teams.slice(0, count).map((team) => teamIds.idFor(`synthetic:${spec.country}:${team.name}`));
  });
  for (let back = BASE_PAST_SEASONS; back >= 1; back--) {
    // The cup runs alongside a 20-team domestic season of its zone.
    const firstSaturday = pastSeasonStart(cup, 20, now, back);
    const built = buildCupSeason(cup, entrants, firstSaturday, now, back, fixtureIds);
    seasons.push(built.season);
    matches.push(...built.matches);
  }

  const slateLeagues = (): CatalogLeague[] =>
    leagues.filter((league) => league.level === 1 && league.code !== BASE_CUP.code);
  if (options.scale !== undefined && options.scale > 0) {
    const slateSize = slateLeagues().reduce((sum, league) => {
      const n = teamsByLeague.get(league.id)?.length ?? 0;
      return sum + n * (n - 1);
    }, 0);
    const missing = options.scale - matches.length - slateSize;
    const extra = Math.max(0, Math.ceil(missing / FIXTURES_PER_SCALE_LEAGUE));
    for (let k = 1; k <= extra; k++) addLeague(scaleLeagueSpec(k), PAST_SEASONS_PER_SCALE_LEAGUE);
  }

  const slate = buildLiveSlate({ now, leagues: slateLeagues(), teamsByLeague, fixtureIds });
  seasons.push(...slate.seasons);
  for (const match of slate.matches) matches.push(match);
  matches.sort((a, b) => (a.date_time < b.date_time ? -1 : a.date_time > b.date_time ? 1 : a.id - b.id));

  return {
    countries: [...countryKeys].sort().map(buildCountry),
    leagues,
    seasons,
    teams,
    matches,
  };
}
