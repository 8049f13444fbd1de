import type { Catalog, CatalogLeague, CatalogMatch, CatalogSeason, CatalogTeam } from "../../domain/catalog.js";
import { byKickoff, type CatalogSource, type DeclaredSeason } from "../catalog-source.js";
import { sameOutline, seasonOutlineOf, type SeasonOutline } from "../documents/season-outline.js";
import { dropImplicitStages } from "../sources/normalize-stages.js";
import { addDays, zonedToUtc } from "../../domain/time/zoned-time.js";
import { mergeSeasons, type LazySeason } from "./season-merge.js";
import { buildLiveSlate } from "../live-slate/index.js";
import { roundCount } from "../live-slate/calendar.js";
import { FIXTURE_ID_BITS, IdRegistry } from "../../domain/stable-id.js";
import { hashedFixtureIds, type SeasonFixtureIds } from "../live-slate/season-fixture-ids.js";
import { BASE_CUP, BASE_LEAGUES, type LeagueSpec } from "./base-leagues.js";
import { buildCountry, type SyntheticCountryKey } from "./countries.js";
import { buildCupSeason } from "./cup.js";
import { buildPastLeagueSeason, pastSeason, pastSeasonOutline, pastSeasonStart } from "./domestic-seasons.js";
import { markEdgeCases } from "./edge-cases.js";
import { buildLeague, buildTeam } from "./entities.js";
import { GeneratedFixtureIds, MAX_GENERATED_LEAGUES } from "./fixture-ids.js";
import { DEFAULT_HISTORY_SEASONS, fixturesPerScaleLeague, scaleLeagueSpec } from "./scale.js";

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
 * least N fixtures; `leagues: L` adds exactly L; `historySeasons: K` gives each of them K past
 * seasons (4 by default), so history grows at a fixed number of leagues. The base part stays
 * the same. Fixture ids are hashed in the base part and counted in the generated leagues
 * (fixture-ids.ts): growing either keeps every id. The generated leagues' past seasons are made
 * only when a walk over the matches reaches them (`syntheticCatalogSource`), so a catalogue of
 * millions of fixtures is never held whole.
 */
export type SyntheticOptions = { now: Date; scale?: number; leagues?: number; historySeasons?: number };

const BASE_PAST_SEASONS = 2;
const EDGE_CASE_SEED = "synthetic:edge-cases";

/** The whole synthetic catalog in memory (tests, small sets): the source's matches, read once. */
export function buildSyntheticCatalog(options: SyntheticOptions): Catalog {
  // Held whole (its stages as made, the implicit one kept): nothing to describe without its matches.
  const { lazy, declared: _none, ...source } = syntheticParts(options, (matches) => matches, false);
  return { ...source, matches: [...mergeSeasons(source.ready, lazy)] };
}

/** The synthetic catalog as a source for the rebuild: implicit stages dropped per season, as for every source. */
export function syntheticCatalogSource(options: SyntheticOptions): CatalogSource {
  const { lazy, ready, declared, ...catalog } = syntheticParts(options, dropImplicitStages, true);
  const undeclared = lazy.filter((season) => !season.declared);
  return {
    ...catalog,
    matches: (from) => mergeSeasons(ready, lazy, from),
    realMatches: () => [],
    declared,
    undeclaredMatches: () => mergeSeasons(ready, undeclared),
  };
}

type SyntheticParts = Omit<Catalog, "matches"> & {
  ready: CatalogMatch[];
  /** The generated leagues' past seasons; those `declared` (settled) are described without their matches. */
  lazy: Array<LazySeason & { declared?: true }>;
  declared: Map<number, DeclaredSeason>;
};

/**
 * Everything but the generated leagues' past seasons, which are described (`lazy`) and made on
 * demand; `perSeason` post-processes each season's matches (the base part's seasons are whole
 * here, so it applies to them at once). With `declare`, each settled one is also described
 * without its matches (`declared`: outline and what it is made from, pastSeasonOutline), for a
 * source whose `perSeason` drops the implicit stage.
 */
function syntheticParts(options: SyntheticOptions, perSeason: (matches: CatalogMatch[]) => CatalogMatch[], declare: boolean): SyntheticParts {
  const { now } = options;
  const teamIds = new IdRegistry("team");
  // The base part's fixture ids are hashed and checked against each other; the generated leagues'
  // are counted (fixture-ids.ts, from 2 x 10^12), so they need no registry and never equal a hashed one.
  const fixtureRegistry = new IdRegistry("fixture", FIXTURE_ID_BITS);
  const hashedIds = hashedFixtureIds(fixtureRegistry);
  const generatedIds = new Map<number, GeneratedFixtureIds>();
  const fixtureIds: SeasonFixtureIds = (league, season) => generatedIds.get(league.id)?.season(season.name) ?? hashedIds(league, season);
  const countryKeys = new Set<SyntheticCountryKey>();
  const leagues: CatalogLeague[] = [];
  const teams: CatalogTeam[] = [];
  const seasons: CatalogSeason[] = [];
  const matches: CatalogMatch[] = [];
  const lazy: Array<LazySeason & { declared?: true }> = [];
  const declared = new Map<number, DeclaredSeason>();
  const teamsByLeague = new Map<number, number[]>();

  const addLeagueEntities = (spec: LeagueSpec): { league: CatalogLeague; ids: number[] } => {
    const league = buildLeague(spec);
    const ids = spec.teams.map((team) => {
      const built = buildTeam(team, spec.country, teamIds);
      teams.push(built);
      return built.id;
    });
    leagues.push(league);
    teamsByLeague.set(league.id, ids);
    countryKeys.add(spec.country);
    return { league, ids };
  };

  const addLeague = (spec: LeagueSpec, pastSeasons: number): CatalogMatch[] => {
    const { league, ids } = addLeagueEntities(spec);
    const past: CatalogMatch[] = [];
    for (let back = pastSeasons; back >= 1; back--) {
      const built = buildPastLeagueSeason(league, ids, now, back, hashedIds);
      seasons.push(built.season);
      past.push(...built.matches);
    }
    matches.push(...past);
    return past;
  };

  /** Generated league number k: its past seasons described now and made when a walk reaches them. */
  const addLazyLeague = (k: number, pastSeasons: number): void => {
    const { league, ids } = addLeagueEntities(scaleLeagueSpec(k));
    const leagueIds = new GeneratedFixtureIds(k, ids);
    generatedIds.set(league.id, leagueIds);
    for (let back = pastSeasons; back >= 1; back--) {
      const season = pastSeason(league, now, back);
      seasons.push(season);
      // Asked now, so a season out of the ids' range fails before the rebuild writes anything.
      const seasonIds = leagueIds.season(season.name);
      // Kick-offs fall on the weekend of the first round's Saturday or later (Friday evening at
      // the earliest): midnight of the Thursday before, in UTC, is before any of them in every zone.
      const firstSaturday = pastSeasonStart(league, ids.length, now, back);
      const startsAt = new Date(zonedToUtc(addDays(firstSaturday, -2), 0, 0, "UTC")).toISOString();
      // The last round's Monday evening at the latest: midnight of the Wednesday after, in UTC, is after it in every zone.
      const lastSaturday = addDays(firstSaturday, 7 * (roundCount(ids.length) - 1));
      const endsBy = new Date(zonedToUtc(addDays(lastSaturday, 4), 0, 0, "UTC")).toISOString();
      const outline = declare ? pastSeasonOutline(league, ids.length, now, back) : undefined;
      const made = () => perSeason(buildPastLeagueSeason(league, ids, now, back, () => seasonIds).matches);
      if (!outline) {
        lazy.push({ startsAt, endsBy, matches: made });
        continue;
      }
      // Its matches follow from these and the code (which a history fingerprint's salt covers).
      const madeFrom = JSON.stringify({ generated: k, league, season, teams: ids, firstSaturday, startsAt, endsBy });
      declared.set(season.id, { leagueId: league.id, teams: ids, outline, madeFrom });
      lazy.push({ startsAt, endsBy, declared: true, matches: () => asDeclared(season.id, outline, made(), now) });
    }
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
    const built = buildCupSeason(cup, entrants, firstSaturday, now, back, fixtureRegistry);
    seasons.push(built.season);
    matches.push(...built.matches);
  }

  const slateLeagues = (): CatalogLeague[] =>
    leagues.filter((league) => league.level === 1 && league.code !== BASE_CUP.code);
  const historySeasons = options.historySeasons ?? DEFAULT_HISTORY_SEASONS;
  const extraLeagues = generatedLeagues(options, matches.length + slateSize(slateLeagues(), teamsByLeague), historySeasons);
  if (extraLeagues > MAX_GENERATED_LEAGUES) throw new RangeError(`${extraLeagues} generated leagues: fixture ids have room for ${MAX_GENERATED_LEAGUES}`);
  for (let k = 1; k <= extraLeagues; k++) addLazyLeague(k, historySeasons);

  const slate = buildLiveSlate({ now, leagues: slateLeagues(), teamsByLeague, fixtureIds });
  seasons.push(...slate.seasons);
  for (const match of slate.matches) matches.push(match);
  const ready = perSeason(matches).sort(byKickoff);

  return {
    countries: [...countryKeys].sort().map(buildCountry),
    leagues,
    seasons,
    teams,
    ready,
    lazy,
    declared,
  };
}

/** A declared season's matches, checked against what the source declared of them. */
function asDeclared(seasonId: number, outline: SeasonOutline, matches: CatalogMatch[], now: Date): CatalogMatch[] {
  const made = seasonOutlineOf(matches, now);
  if (!made || !sameOutline(made, outline)) throw new Error(`synthetic season ${seasonId}: its matches are not what its declared outline says`);
  return matches;
}

/** Fixtures of the current (live slate) seasons of these leagues: a double round-robin each. */
function slateSize(leagues: readonly CatalogLeague[], teamsByLeague: ReadonlyMap<number, readonly number[]>): number {
  return leagues.reduce((sum, league) => {
    const n = teamsByLeague.get(league.id)?.length ?? 0;
    return sum + n * (n - 1);
  }, 0);
}

/** How many generated leagues: `leagues` as given, or enough for `scale` fixtures beside the `baseSize` of the base part. */
function generatedLeagues(options: SyntheticOptions, baseSize: number, historySeasons: number): number {
  if (options.leagues !== undefined) return options.leagues;
  if (options.scale === undefined || options.scale <= 0) return 0;
  return Math.max(0, Math.ceil((options.scale - baseSize) / fixturesPerScaleLeague(historySeasons)));
}
