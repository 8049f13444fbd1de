import type { Catalog, CatalogLeague, CatalogMatch } from "../../domain/catalog.js";

/**
 * The prominence prior of entity search (docs/api-behaviour.md, "Entity search prominence"):
 * a number from 0 to 1 per team and league, computed from the data at rebuild time, that lets a
 * famous club or competition win a near-tie on short, ambiguous input ("juve", "city", "bar").
 * Only real seasons count: the simulated current season is made up of the latest real one.
 *
 * - A league's tier: 1 for a popular league (docs/data.md, "Leagues"), 0.6 for another top
 *   flight, 0.3 for a second tier, 0.1 below.
 * - A team: 0.45 x the best tier of its domestic leagues + 0.35 x its continental matches
 *   (Champions League, Copa Libertadores: reaching the last 16 is about 12, so 12 count fully)
 *   + 0.2 x its points per game in top-flight matches / 3.
 * - A league: 0.85 x its tier + 0.15 x its clubs in continental competitions (4 count fully);
 *   a continental competition (no country has half of its clubs) counts as its own.
 */
export type Prominence = { teams: ReadonlyMap<number, number>; leagues: ReadonlyMap<number, number> };

export const TIER = { popular: 1, topFlight: 0.6, second: 0.3, lower: 0.1 } as const;
export const TEAM_WEIGHTS = { tier: 0.45, continental: 0.35, form: 0.2 } as const;
export const LEAGUE_WEIGHTS = { tier: 0.85, continental: 0.15 } as const;
/** Continental matches that count fully: a league phase of 8 plus a knockout round or two. */
export const FULL_CONTINENTAL_MATCHES = 12;
/** Clubs in continental competition that count fully for their league. */
export const FULL_CONTINENTAL_CLUBS = 4;

export function leagueTier(league: Pick<CatalogLeague, "popular" | "level">): number {
  if (league.popular) return TIER.popular;
  return league.level === 1 ? TIER.topFlight : league.level === 2 ? TIER.second : TIER.lower;
}

type TeamRecord = { tier: number; continental: number; topFlightPoints: number; topFlightMatches: number };

export function prominence(catalog: Pick<Catalog, "teams" | "leagues" | "seasons"> & { matches: readonly CatalogMatch[] }): Prominence {
  const real = new Set(catalog.seasons.filter((season) => !season.simulated).map((season) => season.id));
  const matches = catalog.matches.filter((match) => real.has(match.season_id));
  const continental = continentalLeagues(catalog, matches);
  const leagues = new Map(catalog.leagues.map((league) => [league.id, league]));
  const records = new Map<number, TeamRecord>();
  const record = (id: number) => {
    let found = records.get(id);
    if (!found) records.set(id, (found = { tier: 0, continental: 0, topFlightPoints: 0, topFlightMatches: 0 }));
    return found;
  };
  for (const match of matches) {
    const league = leagues.get(match.league_id);
    if (!league) continue;
    const sides: Array<[number, number]> = [
      [match.home_team_id, 0],
      [match.away_team_id, 1],
    ];
    for (const [teamId, side] of sides) {
      const entry = record(teamId);
      if (continental.has(league.id)) {
        entry.continental++;
        continue;
      }
      entry.tier = Math.max(entry.tier, leagueTier(league));
      if (league.level === 1 && match.result) {
        entry.topFlightMatches++;
        entry.topFlightPoints += points(match.result.ft, side);
      }
    }
  }
  const teams = new Map<number, number>();
  for (const team of catalog.teams) teams.set(team.id, teamPrior(records.get(team.id)));
  const leaguePriors = new Map<number, number>();
  for (const league of catalog.leagues) {
    const share = continental.has(league.id) ? 1 : Math.min(1, continentalClubs(league.id, matches, records) / FULL_CONTINENTAL_CLUBS);
    leaguePriors.set(league.id, round(LEAGUE_WEIGHTS.tier * leagueTier(league) + LEAGUE_WEIGHTS.continental * share));
  }
  return { teams, leagues: leaguePriors };
}

function teamPrior(entry: TeamRecord | undefined): number {
  if (!entry) return 0;
  const continental = Math.min(1, entry.continental / FULL_CONTINENTAL_MATCHES);
  const form = entry.topFlightMatches > 0 ? entry.topFlightPoints / entry.topFlightMatches / 3 : 0;
  return round(TEAM_WEIGHTS.tier * entry.tier + TEAM_WEIGHTS.continental * continental + TEAM_WEIGHTS.form * form);
}

function points(ft: readonly [number, number], side: number): number {
  const [own, other] = side === 0 ? [ft[0], ft[1]] : [ft[1], ft[0]];
  return own > other ? 3 : own === other ? 1 : 0;
}

/** Competitions where no one country has half of the clubs (the domestic MLS has Canadian clubs). */
function continentalLeagues(catalog: Pick<Catalog, "teams">, matches: readonly CatalogMatch[]): Set<number> {
  const countryOf = new Map(catalog.teams.map((team) => [team.id, team.country_id]));
  const clubsByLeague = new Map<number, Set<number>>();
  for (const match of matches) {
    const clubs = clubsByLeague.get(match.league_id) ?? new Set<number>();
    clubs.add(match.home_team_id).add(match.away_team_id);
    clubsByLeague.set(match.league_id, clubs);
  }
  const result = new Set<number>();
  for (const [leagueId, clubs] of clubsByLeague) {
    const perCountry = new Map<number, number>();
    for (const club of clubs) perCountry.set(countryOf.get(club) ?? -1, (perCountry.get(countryOf.get(club) ?? -1) ?? 0) + 1);
    if (Math.max(...perCountry.values()) * 2 < clubs.size) result.add(leagueId);
  }
  return result;
}

/** Clubs of a domestic league's real seasons that also played a continental competition. */
function continentalClubs(leagueId: number, matches: readonly CatalogMatch[], records: ReadonlyMap<number, TeamRecord>): number {
  const clubs = new Set<number>();
  for (const match of matches) if (match.league_id === leagueId) clubs.add(match.home_team_id).add(match.away_team_id);
  let count = 0;
  for (const club of clubs) if ((records.get(club)?.continental ?? 0) > 0) count++;
  return count;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
