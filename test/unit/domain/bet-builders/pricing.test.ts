import { describe, expect, it } from "vitest";
import { buildBetBuilder } from "../../../../src/domain/bet-builders/build.js";
import type { BetBuilderDocument } from "../../../../src/domain/bet-builders/document.js";
import { BET_BUILDER_MODELS } from "../../../../src/domain/bet-builders/models.js";
import { pickCombination } from "../../../../src/domain/bet-builders/pick.js";
import { combinedStatus, priceBetBuilder } from "../../../../src/domain/bet-builders/pricing.js";
import { finalScores, goalViewOf } from "../../../../src/domain/bet-builders/probability.js";
import { SETTLEMENT } from "../../../../src/domain/fixture-parts.js";
import { packOdds, unpackOdds } from "../../../../src/domain/fixture/packed-odds.js";
import { FIXTURE_ID, pricedFixture, scores, type TestFixture } from "./priced-fixture.js";

const generatedAt = new Date("2026-11-21T12:00:00.000Z");
const later = new Date("2026-11-21T12:05:00.000Z");
const noForm = { results: [], goalsFor: 0, goalsAgainst: 0 };

function generate(fixture: TestFixture, modelIndex = 1): BetBuilderDocument {
  const model = BET_BUILDER_MODELS[modelIndex]!;
  const combination = pickCombination(unpackOdds(fixture.odds, FIXTURE_ID), finalScores(goalViewOf(fixture)!), model, fixture.is_live)!;
  return buildBetBuilder({
    userId: 7,
    model,
    fixture: { ...fixture, participants: [], names: {} },
    combination,
    forms: { home: noForm, away: noForm },
    predictions: null,
    now: generatedAt,
  });
}

/** The fixture with the odds of `oddIds` changed. */
function withOdds(fixture: TestFixture, oddIds: number[], change: { value?: number; suspend?: 0 | 1 }): TestFixture {
  const odds = unpackOdds(fixture.odds, FIXTURE_ID).map((odd) => (oddIds.includes(odd.odd_id) ? { ...odd, ...change } : odd));
  return { ...fixture, odds: packOdds(odds) };
}

describe("priceBetBuilder", () => {
  const fixture = pricedFixture();
  const builder = generate(fixture);

  it("sets value to the product of the current prices and last_priced_at on the first pricing, keeping sp", () => {
    expect(builder.value).toBeNull();
    const priced = priceBetBuilder(builder, fixture, later);
    expect(priced.value).toBe(builder.sp);
    expect(priced.sp).toBe(builder.sp);
    expect(priced.last_priced_at).toBe(later.toISOString());
  });

  it("follows price changes in value and last_priced_at, never in sp", () => {
    const priced = priceBetBuilder(builder, fixture, later);
    const first = builder.selections[0]!;
    const moved = priceBetBuilder(priced, withOdds(fixture, [first.odd_id], { value: first.value + 0.5 }), new Date("2026-11-21T12:10:00.000Z"));
    expect(moved.selections[0]!.value).toBe(first.value + 0.5);
    expect(moved.selections[0]!.sp).toBe(first.value);
    expect(moved.value).toBe(Math.round(moved.selections.reduce((p, s) => p * s.value, 1) * 100) / 100);
    expect(moved.sp).toBe(builder.sp);
    expect(moved.last_priced_at).toBe("2026-11-21T12:10:00.000Z");
  });

  it("keeps last_priced_at when the value does not change", () => {
    const priced = priceBetBuilder(builder, fixture, later);
    expect(priceBetBuilder(priced, fixture, new Date("2026-11-21T13:00:00.000Z")).last_priced_at).toBe(later.toISOString());
  });

  it("is suspended while a selection is suspended and active again once it is not", () => {
    const oddId = builder.selections[1]!.odd_id;
    const suspended = priceBetBuilder(builder, withOdds(fixture, [oddId], { suspend: 1 }), later);
    expect(suspended.suspend).toBe(1);
    expect(suspended.status).toBe(SETTLEMENT.PENDING);
    expect(priceBetBuilder(suspended, fixture, later).suspend).toBe(0);
  });

  it("suspends a selection the fixture no longer offers while it is still being played", () => {
    const live = pricedFixture({ live: { minute: 20, home: 0, away: 0 } });
    const liveBuilder = generate(live);
    const gone = unpackOdds(live.odds, FIXTURE_ID).filter((odd) => odd.odd_id !== liveBuilder.selections[0]!.odd_id);
    expect(priceBetBuilder(liveBuilder, { ...live, odds: packOdds(gone) }, later).suspend).toBe(1);
  });

  it("settles in-play selections on the 90-minute score after the final whistle", () => {
    const live = pricedFixture({ live: { minute: 20, home: 0, away: 0 } });
    const liveBuilder = generate(live, 0);
    const finished: TestFixture = {
      ...live,
      status: "FT",
      is_live: false,
      minute: null,
      odds: [],
      scores: scores({ "1ST_HALF": [1, 0], "2ND_HALF": [2, 2], CURRENT: [3, 2] }),
    };
    const settled = priceBetBuilder(liveBuilder, finished, later);
    expect(settled.selections.every((s) => s.status === SETTLEMENT.WON || s.status === SETTLEMENT.LOST)).toBe(true);
    expect(settled.suspend).toBe(0);
    expect(settled.fixture_finished).toBe(true);
    expect(settled.status).toBe(combinedStatus(settled.selections.map((s) => s.status)));
    // A 2-2 draw after 90 minutes: a Fulltime Result "Home" leg is lost although the home side won in extra time.
    const homeLeg = { ...liveBuilder.selections[0]!, market_id: 1, label_id: 1, line: 0 };
    expect(priceBetBuilder({ ...liveBuilder, selections: [homeLeg] }, finished, later).selections[0]!.status).toBe(SETTLEMENT.LOST);
  });

  it("voids the selections of a cancelled fixture", () => {
    const live = pricedFixture({ live: { minute: 20, home: 0, away: 0 } });
    const cancelled = priceBetBuilder(generate(live), { ...live, status: "CANCELLED", is_live: false, odds: [] }, later);
    expect(cancelled.status).toBe(SETTLEMENT.VOID);
    expect(cancelled.fixture_finished).toBe(true);
  });

  it("refreshes the fixture copy it filters on", () => {
    const live = { ...fixture, status: "HT" as const, is_live: true };
    const priced = priceBetBuilder(builder, live, later);
    expect(priced).toMatchObject({ fixture_status: "HT", fixture_is_live: true, fixture_finished: false, fixture_id: FIXTURE_ID, league_id: 9 });
  });

  it("only marks the bet builder finished when its fixture is gone", () => {
    expect(priceBetBuilder(builder, null, later)).toEqual({ ...builder, fixture_is_live: false, fixture_finished: true });
  });
});

describe("combinedStatus", () => {
  it.each([
    [[0, 1], 0],
    [[1, 2, 0], 2],
    [[1, 1], 1],
    [[3, 3], 3],
    [[1, 3], 1],
    [[1, 4], 4],
    [[4, 5, 1], 5],
  ])("combines %j into %i", (statuses, expected) => {
    expect(combinedStatus(statuses)).toBe(expected);
  });
});
