import { simulateMatch } from "./script.js";
import { projectMatch, type MatchState } from "./projection.js";
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
  const kickoffUnix = Math.floor(Date.parse(match.date_time) / 1000);
  if (match.status === "AWARDED" && match.result) {
    return { kind: "awarded", goals: { home: match.result.ft[0], away: match.result.ft[1] } };
  }
  const real = !simulated && match.status === "FT" && match.result !== undefined;
  // A simulated fixture plays out by its clock unless the catalog says it did not take place.
  const playable = match.status === "FT" || match.status === "NOT_STARTED" || isInPlay(match.status);
  const live = simulated && kickoffUnix <= nowUnix && playable;
  if (!real && !live) return { kind: "none" };
  const script = simulateMatch({
    seed: matchSeed(match.id),
    fixtureId: match.id,
    homeTeamId: match.home_team_id,
    awayTeamId: match.away_team_id,
    kickoffUnix,
    expectedGoals,
    ...(real && match.result ? { result: match.result } : {}),
    knockout: match.knockout,
  });
  return playedOutcome(projectMatch(script, real ? { kind: "final" } : { kind: "live", nowUnix }));
}

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
