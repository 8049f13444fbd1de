import { describe, expect, it } from "vitest";
import { BET_BUILDER_MODELS, type BetBuilderModel } from "../../../../src/domain/bet-builders/models.js";
import { pickCombination } from "../../../../src/domain/bet-builders/pick.js";
import { finalScores, goalViewOf, jointProbability, winMask } from "../../../../src/domain/bet-builders/probability.js";
import type { Odd } from "../../../../src/domain/fixture-parts.js";
import { unpackOdds } from "../../../../src/domain/fixture/packed-odds.js";
import { LABELS, MARKETS } from "../../../../src/domain/football/odds/markets.js";
import { FIXTURE_ID, pricedFixture } from "./priced-fixture.js";

const [VALUE, BANKER] = BET_BUILDER_MODELS as [BetBuilderModel, BetBuilderModel];
const fixture = pricedFixture();
const odds = unpackOdds(fixture.odds, FIXTURE_ID);
const cells = finalScores(goalViewOf(fixture)!);
const probabilityOf = (legs: Odd[]) => jointProbability(legs.map((odd) => winMask(odd, cells)), cells);
const priceOf = (legs: Odd[]) => Math.round(legs.reduce((p, odd) => p * odd.value, 1) * 100) / 100;

/** Every combination the rules allow, enumerated the plain way. */
function allCombinations(open: Odd[]): Odd[][] {
  const result: Odd[][] = [];
  for (const bookmaker of new Set(open.map((odd) => odd.bookmaker_id))) {
    const markets = [...new Set(open.filter((o) => o.bookmaker_id === bookmaker).map((o) => o.market_id))].map((m) =>
      open.filter((o) => o.bookmaker_id === bookmaker && o.market_id === m),
    );
    const walk = (start: number, chosen: Odd[]) => {
      if (chosen.length >= 2) result.push(chosen);
      if (chosen.length === 4) return;
      for (let m = start; m < markets.length; m++) for (const odd of markets[m]!) walk(m + 1, [...chosen, odd]);
    };
    walk(0, []);
  }
  return result;
}

const qualifies = (legs: Odd[], model: BetBuilderModel) => {
  const p = probabilityOf(legs);
  if (p < model.minProbability || priceOf(legs) < model.minPrice) return false;
  return legs.every((_, i) => probabilityOf(legs.filter((__, j) => j !== i)) - p > 1e-9);
};

describe("pickCombination", () => {
  it("combines 2 to 4 open pre-match selections of one bookmaker from different bet-builder markets", () => {
    for (const model of BET_BUILDER_MODELS) {
      const pick = pickCombination(odds, cells, model, false)!;
      expect(pick.odds.length).toBeGreaterThanOrEqual(2);
      expect(pick.odds.length).toBeLessThanOrEqual(4);
      expect(new Set(pick.odds.map((o) => o.market_id)).size).toBe(pick.odds.length);
      expect(pick.odds.every((o) => o.bookmaker_id === pick.bookmakerId && o.is_live === 0 && o.market_id !== MARKETS.HALF_TIME_RESULT.id)).toBe(true);
      expect(pick.price).toBe(priceOf(pick.odds));
      expect(pick.probability).toBeCloseTo(probabilityOf(pick.odds), 12);
    }
  });

  it("gives the value model the largest probability x price among qualifying combinations", () => {
    const pick = pickCombination(odds, cells, VALUE, false)!;
    const best = Math.max(...allCombinations(odds.filter((o) => o.is_live === 0 && o.raw.is_betbuilder)).filter((c) => qualifies(c, VALUE)).map((c) => probabilityOf(c) * priceOf(c)));
    expect(pick.probability * pick.price).toBeCloseTo(best, 9);
    expect(pick.probability).toBeGreaterThanOrEqual(VALUE.minProbability);
  });

  it("gives the banker model the most likely combination priced at least 2.00", () => {
    const pick = pickCombination(odds, cells, BANKER, false)!;
    const best = Math.max(...allCombinations(odds.filter((o) => o.is_live === 0 && o.raw.is_betbuilder)).filter((c) => qualifies(c, BANKER)).map(probabilityOf));
    expect(pick.probability).toBeCloseTo(best, 9);
    expect(pick.price).toBeGreaterThanOrEqual(2);
  });

  it("never combines a leg the others imply, or legs that contradict each other", () => {
    const one = (market: { id: number }, label: { id: number }) =>
      odds.find((o) => o.bookmaker_id === 1 && o.is_live === 0 && o.market_id === market.id && o.label_id === label.id)!;
    const implied = [one(MARKETS.FULLTIME_RESULT, LABELS.HOME), one(MARKETS.DOUBLE_CHANCE, LABELS.HOME_OR_DRAW)];
    const contradicting = [one(MARKETS.FULLTIME_RESULT, LABELS.HOME), one(MARKETS.DOUBLE_CHANCE, LABELS.DRAW_OR_AWAY)];
    const loose = { ...VALUE, minProbability: 0, minPrice: 1 };
    expect(pickCombination(implied, cells, loose, false)).toBeNull();
    expect(pickCombination(contradicting, cells, loose, false)).toBeNull();
  });

  it("leaves out suspended and settled selections", () => {
    const first = pickCombination(odds, cells, VALUE, false)!;
    const blocked = new Set(first.odds.map((o) => o.odd_id));
    const changed = odds.map((o) => (blocked.has(o.odd_id) ? { ...o, suspend: 1 as const } : o));
    const again = pickCombination(changed, cells, VALUE, false)!;
    expect(again.odds.some((o) => blocked.has(o.odd_id))).toBe(false);
    const settled = odds.map((o) => ({ ...o, status: 1 }));
    expect(pickCombination(settled, cells, VALUE, false)).toBeNull();
  });

  it("uses in-play prices of markets 1-3 while the fixture is in play", () => {
    const live = pricedFixture({ live: { minute: 30, home: 1, away: 0 } });
    const liveCells = finalScores(goalViewOf(live)!);
    const pick = pickCombination(unpackOdds(live.odds, FIXTURE_ID), liveCells, BANKER, true)!;
    expect(pick.odds.every((o) => o.is_live === 1 && o.market_id <= 3)).toBe(true);
  });

  it("gives the same pick for the same odds", () => {
    expect(pickCombination(odds, cells, VALUE, false)).toEqual(pickCombination([...odds].reverse(), cells, VALUE, false));
  });
});
