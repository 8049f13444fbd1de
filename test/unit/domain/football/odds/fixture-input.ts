import { StrengthModel } from "../../../../../src/domain/football/model/strength.js";
import type { PriceFixtureInput } from "../../../../../src/domain/football/odds/price-fixture.js";

export const KICKOFF = Date.UTC(2025, 2, 15, 15, 0, 0) / 1000;

/** A fixture between a slightly stronger home side and an average away side. */
export function fixtureInput(overrides: Partial<PriceFixtureInput> = {}): PriceFixtureInput {
  const model = new StrengthModel();
  model.record({ homeTeamId: 1, awayTeamId: 3, leagueId: 1, homeGoals: 2, awayGoals: 0 });
  const { probabilities, expectedGoals } = model.preMatch(1, 2, 1);
  return {
    seed: "odds:4242",
    fixtureId: 4242,
    kickoffUnix: KICKOFF,
    nowUnix: KICKOFF + 3 * 3600,
    probabilities,
    expectedGoals,
    state: "pre",
    ...overrides,
  };
}
