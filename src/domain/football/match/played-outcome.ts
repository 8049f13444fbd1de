import { scriptedGoals, simulateMatch, type MatchInput } from "./script.js";
import { projectMatch, statusAt, type MatchState, type ProjectionMoment } from "./projection.js";
import type { GoalMeans } from "../model/poisson.js";
import type { CatalogMatch } from "../../catalog.js";
import { isInPlay } from "../../types/statuses.js";

/**
 * How a fixture is played out, from the catalog's point of view:
 * - real result (FT): the seeded script reproduces it exactly;
 * - simulated season: the seeded script *is* the result, revealed up to `now`;
 * - AWARDED: the awarded score, no match events;
 * - anything else (NOT_STARTED in the future, NO_RESULT, POSTPONED, CANCELLED,
 *   ABANDONED): no events at all.
 */
export type Outcome =
  | { kind: "played"; state: MatchState; final90: { home: number; away: number }; halfTime: { home: number; away: number } }
  | { kind: "awarded"; goals: { home: number; away: number } }
  | { kind: "none" };

export function matchSeed(fixtureId: number): string {
  return `match:${fixtureId}`;
}

export function playMatch(match: CatalogMatch, simulated: boolean, expectedGoals: GoalMeans, nowUnix: number): Outcome {
  const setup = matchSetup(match, simulated, expectedGoals, nowUnix);
  if (setup.kind !== "played") return setup;
  return playedOutcome(projectMatch(simulateMatch(setup.input), setup.moment));
}

/** What a fixture teaches the tables and the strength model: `tableGoals` and, for a match played to full time, `final90`. */
export type PlayedGoals = {
  /** The 90 minutes' goals of a match played to full time (what the strength model learns); null otherwise. */
  final90: { home: number; away: number } | null;
  /** Goals that count in a table (`tableGoals`); null when none do. */
  table: { home: number; away: number } | null;
};

/**
 * `playMatch`'s goals without playing the match out: the script's goal plan and clock decide
 * them (script.ts, `scriptedGoals`), so a walk that needs only results (the tables') skips the
 * minute-by-minute play, the events and the projection. Equal to `goalsOf(playMatch(...))`.
 */
export function playedGoals(match: CatalogMatch, simulated: boolean, expectedGoals: GoalMeans, nowUnix: number): PlayedGoals {
  const setup = matchSetup(match, simulated, expectedGoals, nowUnix);
  if (setup.kind === "awarded") return { final90: null, table: setup.goals };
  if (setup.kind === "none") return NO_GOALS;
  const { perPeriod, clock } = scriptedGoals(setup.input);
  if (statusAt(clock, setup.moment) !== "FT") return NO_GOALS;
  const sum = (periods: ReadonlyArray<readonly [number, number]>) => ({
    home: periods.reduce((total, goals) => total + goals[0], 0),
    away: periods.reduce((total, goals) => total + goals[1], 0),
  });
  return { final90: sum(perPeriod.slice(0, 2)), table: sum(perPeriod) };
}

/** A played outcome's goals, as `playedGoals` gives them. */
export function goalsOf(outcome: Outcome): PlayedGoals {
  const finished = outcome.kind === "played" && outcome.state.status === "FT";
  return { final90: finished ? outcome.final90 : null, table: tableGoals(outcome) };
}

const NO_GOALS: PlayedGoals = { final90: null, table: null };

/** How a fixture is to be played: not at all, awarded, or its script and the moment it is read at. */
function matchSetup(
  match: CatalogMatch,
  simulated: boolean,
  expectedGoals: GoalMeans,
  nowUnix: number,
): Exclude<Outcome, { kind: "played" }> | { kind: "played"; input: MatchInput; moment: ProjectionMoment } {
  const kickoffUnix = Math.floor(Date.parse(match.date_time) / 1000);
  if (match.status === "AWARDED" && match.result) {
    return { kind: "awarded", goals: { home: match.result.ft[0], away: match.result.ft[1] } };
  }
  const real = !simulated && match.status === "FT" && match.result !== undefined;
  // A simulated fixture plays out by its clock unless the catalog says it did not take place.
  const playable = match.status === "FT" || match.status === "NOT_STARTED" || isInPlay(match.status);
  const live = simulated && kickoffUnix <= nowUnix && playable;
  if (!real && !live) return NONE;
  const input: MatchInput = {
    seed: matchSeed(match.id),
    fixtureId: match.id,
    homeTeamId: match.home_team_id,
    awayTeamId: match.away_team_id,
    kickoffUnix,
    expectedGoals,
    ...(real && match.result ? { result: match.result } : {}),
    knockout: match.knockout,
  };
  return { kind: "played", input, moment: real ? { kind: "final" } : { kind: "live", nowUnix } };
}

const NONE = { kind: "none" } as const;

/** A projected match as an outcome (the live simulator projects its own scripts). */
export function playedOutcome(state: MatchState): Outcome {
  return { kind: "played", state, final90: scoreAfter(state, "2ND_HALF"), halfTime: scoreAfter(state, "1ST_HALF") };
}

function scoreAfter(state: MatchState, developerName: "1ST_HALF" | "2ND_HALF"): { home: number; away: number } {
  const [home, away] = state.scores.filter((score) => score.developer_name === developerName);
  return { home: home?.value ?? 0, away: away?.value ?? 0 };
}

/** Goals that count in a table: extra time included, shoot-out excluded. */
export function tableGoals(outcome: Outcome): { home: number; away: number } | null {
  if (outcome.kind === "awarded") return outcome.goals;
  if (outcome.kind === "played" && outcome.state.status === "FT") return outcome.state.goals;
  return null;
}
