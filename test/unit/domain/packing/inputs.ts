/** Fixtures priced with the real generators, for the packing round trips and size checks. */
import { StrengthModel } from "../../../../src/enrich/model/strength.js";
import { priceFixture, type FixtureState, type PricedFixture, type PriceFixtureInput } from "../../../../src/enrich/odds/price-fixture.js";
import { FIXTURE_ID_BITS, stableId } from "../../../../src/ingest/stable-id.js";

export const KICKOFF = Date.UTC(2025, 2, 15, 15, 0, 0) / 1000;

export type PricedCase = { state: FixtureState; input: PriceFixtureInput; priced: PricedFixture };

/** Fixture i: teams of varying strength, a realistic (40-bit) fixture id and a state-specific moment. */
export function pricedCase(state: FixtureState, i: number): PricedCase {
  const model = new StrengthModel();
  const home = 10 + (i % 7);
  const away = 20 + (i % 5);
  for (let k = 0; k < i % 6; k++) model.record({ homeTeamId: home, awayTeamId: away + k, leagueId: 1, homeGoals: (i + k) % 4, awayGoals: k % 2 });
  const { probabilities, expectedGoals } = model.preMatch(home, away, 1);
  const fixtureId = stableId("fixture", `packing:${state}:${i}`, FIXTURE_ID_BITS);
  const base = { seed: `odds:${fixtureId}`, fixtureId, kickoffUnix: KICKOFF, probabilities, expectedGoals };
  let input: PriceFixtureInput;
  if (state === "pre") {
    // From 8 days out (before any bookmaker has opened) to minutes before kick-off.
    input = { ...base, state, nowUnix: KICKOFF - ((i * 7919) % (8 * 24 * 3600)) - 60 };
  } else if (state === "live") {
    const minute = (i * 13) % 96;
    const homeGoals = i % 5 === 0 ? 4 : i % 3;
    const awayGoals = i % 4;
    const suspendedShare = i % 6 === 0 ? 0.5 : undefined;
    input = { ...base, state, nowUnix: KICKOFF + minute * 60 + 17, live: { minute, homeGoals, awayGoals, ...(suspendedShare ? { suspendedShare } : {}) } };
  } else {
    const homeGoals = i % 5;
    const awayGoals = (i * 3) % 4;
    input = {
      ...base,
      state,
      nowUnix: KICKOFF + 3 * 3600,
      final: { homeGoals, awayGoals, htHome: Math.min(homeGoals, i % 2), htAway: Math.min(awayGoals, (i >> 1) % 2) },
    };
  }
  return { state, input, priced: priceFixture(input) };
}

export function pricedCases(state: FixtureState, count: number): PricedCase[] {
  return Array.from({ length: count }, (_, i) => pricedCase(state, i));
}

/** Through JSON, as Elasticsearch stores and returns it. */
export function viaJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

export function jsonSize(value: unknown): number {
  return JSON.stringify(value).length;
}
