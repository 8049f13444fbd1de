import type { PlannedMatch } from "../live-slate/calendar.js";
import { seasonStartYear } from "../live-slate/season-name.js";

/**
 * Fixture ids of the generated leagues (scale.ts): counted, not hashed, so no two are ever equal,
 * however many leagues and seasons are generated. Each part has its own decimal digits:
 *
 *   id = 2 x 10^12 + league x 10^7 + season x 10^3 + home x teams + away
 *
 * - league: the generated league's number k (code "syn<k>.1"), 1 to MAX_GENERATED_LEAGUES;
 * - season: the year the season starts ("2025/2026" and "2025" are 2025), 0 to 9999;
 * - home, away: the teams' places in the league's team list, so the pair is below teams^2; at most
 *   31 teams keeps it below 1,000. A double round-robin has each ordered pair once per season.
 *
 * So 2_000_012_2025_217 (2,000,122,025,217) is league 12, season 2025/2026, team 10 at home to
 * team 17 of 20. An id depends on its fixture alone, not on how many leagues or seasons were
 * generated nor on `now`: growing the history or the league count keeps every id that was there,
 * and a fixture keeps its id for as long as its season exists.
 *
 * Range: from 2 x 10^12, above every hashed fixture id (below 2^40, about 1.1 x 10^12: the real
 * data's and the synthetic base part's, stable-id.ts); up to 9.0 x 10^12, so odd ids (fixture id x
 * 1000 + 0..999, odd-id.ts) and period ids (x 10 + n, clock.ts) stay safe integers.
 */
export const GENERATED_FIXTURE_ID_BASE = 2_000_000_000_000;
export const MAX_GENERATED_LEAGUES = 700_000;
export const MAX_SEASON_YEAR = 9_999;

// A team pair is below teams^2, so up to floor(sqrt(1000)) teams fit below the season's digits.
const SEASON_STEP = 1_000;
const LEAGUE_STEP = (MAX_SEASON_YEAR + 1) * SEASON_STEP;
export const MAX_TEAMS_PER_GENERATED_LEAGUE = Math.floor(Math.sqrt(SEASON_STEP));

export type GeneratedFixture = { league: number; seasonYear: number; teams: number; home: number; away: number };

export function generatedFixtureId({ league, seasonYear, teams, home, away }: GeneratedFixture): number {
  within("league number", league, 1, MAX_GENERATED_LEAGUES);
  within("season start year", seasonYear, 0, MAX_SEASON_YEAR);
  within("team count", teams, 2, MAX_TEAMS_PER_GENERATED_LEAGUE);
  within("home team place", home, 0, teams - 1);
  within("away team place", away, 0, teams - 1);
  if (home === away) throw new RangeError(`team place ${home} cannot play itself`);
  return GENERATED_FIXTURE_ID_BASE + league * LEAGUE_STEP + seasonYear * SEASON_STEP + home * teams + away;
}

/** The fixture ids of generated league number `league`, whose teams are `teamIds` in the league's order. */
export class GeneratedFixtureIds {
  private readonly places: ReadonlyMap<number, number>;

  constructor(
    private readonly league: number,
    teamIds: readonly number[],
  ) {
    within("league number", league, 1, MAX_GENERATED_LEAGUES);
    within("team count", teamIds.length, 2, MAX_TEAMS_PER_GENERATED_LEAGUE);
    this.places = new Map(teamIds.map((id, place) => [id, place]));
    if (this.places.size !== teamIds.length) throw new RangeError(`generated league ${league} lists a team twice`);
  }

  /** The ids of the season named `name`; an out-of-range season fails here, before any match. */
  season(name: string): (match: Pick<PlannedMatch, "home" | "away">) => number {
    const seasonYear = seasonStartYear(name);
    within("season start year", seasonYear, 0, MAX_SEASON_YEAR);
    const teams = this.places.size;
    return (match) => generatedFixtureId({ league: this.league, seasonYear, teams, home: this.place(match.home), away: this.place(match.away) });
  }

  private place(teamId: number): number {
    const place = this.places.get(teamId);
    if (place === undefined) throw new RangeError(`team ${teamId} is not in generated league ${this.league}`);
    return place;
  }
}

function within(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) throw new RangeError(`${name} ${value} is outside ${min}..${max}`);
}
