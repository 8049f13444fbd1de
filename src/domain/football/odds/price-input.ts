import type { PriceFixtureInput } from "./price-fixture.js";
import type { GoalMeans, MatchProbabilities } from "../model/poisson.js";
import type { Outcome } from "../match/played-outcome.js";

/** What pricing needs to know about a fixture besides its outcome so far. */
export type PricedMatch = {
  fixtureId: number;
  kickoffUnix: number;
  probabilities: MatchProbabilities;
  expectedGoals: GoalMeans;
};

/**
 * The odds input for a fixture as it stands at `nowUnix`: settled after the final whistle,
 * priced in play from the minute and the score, else pre-match. The rebuild and the live
 * simulator both price through it, so a live update shows what a rebuild at that moment would.
 */
export function fixturePriceInput(match: PricedMatch, outcome: Outcome, nowUnix: number): PriceFixtureInput {
  const base = {
    seed: `odds:${match.fixtureId}`,
    fixtureId: match.fixtureId,
    kickoffUnix: match.kickoffUnix,
    probabilities: match.probabilities,
    expectedGoals: match.expectedGoals,
  };
  if (outcome.kind === "played" && outcome.state.status === "FT") {
    const { final90, halfTime } = outcome;
    return {
      ...base,
      nowUnix,
      state: "finished",
      final: { homeGoals: final90.home, awayGoals: final90.away, htHome: halfTime.home, htAway: halfTime.away },
    };
  }
  if (outcome.kind === "played" && outcome.state.minute !== null) {
    const { goals, minute } = outcome.state;
    return { ...base, nowUnix, state: "live", live: { minute, homeGoals: goals.home, awayGoals: goals.away } };
  }
  if (outcome.kind === "awarded") {
    const { home, away } = outcome.goals;
    return { ...base, nowUnix, state: "finished", final: { homeGoals: home, awayGoals: away, htHome: 0, htAway: 0 } };
  }
  // Not played (yet): prices as they stand now, or as they stood at a past kick-off.
  return { ...base, nowUnix: Math.min(nowUnix, match.kickoffUnix - 60), state: "pre" };
}
