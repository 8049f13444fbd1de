import { describe, expect, it } from "vitest";
import type { Odd } from "../../../../../src/domain/fixture-parts.js";
import { BOOKMAKERS, LIVE_SELECTIONS, MARKETS, SELECTIONS } from "../../../../../src/domain/football/odds/markets.js";
import { priceFixture, LIVE_EXTRA_MARGIN } from "../../../../../src/domain/football/odds/price-fixture.js";
import { fixtureInput, KICKOFF } from "./fixture-input.js";

/** Groups odds into mutually exclusive books: bookmaker x market x line x is_live. */
function books(odds: readonly Odd[]): Map<string, Odd[]> {
  const groups = new Map<string, Odd[]>();
  for (const odd of odds) {
    const key = `${odd.is_live}:${odd.bookmaker_id}:${odd.market_id}:${odd.line}`;
    groups.set(key, [...(groups.get(key) ?? []), odd]);
  }
  return groups;
}

describe("priceFixture", () => {
  it("is deterministic per seed and differs between seeds", () => {
    const input = fixtureInput({ state: "live", live: { minute: 30, homeGoals: 1, awayGoals: 0 } });
    expect(priceFixture(input)).toEqual(priceFixture(input));
    const other = priceFixture({ ...input, seed: "odds:other" });
    expect(other.odds.map((o) => o.value)).not.toEqual(priceFixture(input).odds.map((o) => o.value));
  });

  it("prices every bookmaker and selection before kick-off: 85 pending odds of at least 1.01", () => {
    const { odds } = priceFixture(fixtureInput({ nowUnix: KICKOFF - 600 }));
    expect(odds).toHaveLength(BOOKMAKERS.length * SELECTIONS.length);
    expect(odds).toHaveLength(85);
    for (const odd of odds) {
      expect(odd.value).toBeGreaterThanOrEqual(1.01);
      expect(Math.round(odd.value * 100) / 100).toBe(odd.value);
      expect(odd).toMatchObject({ is_live: 0, suspend: 0, status: 0, outcome: "Pending", home_score: 0, away_score: 0, handicap: 0 });
      expect(odd.sp).toBe(odd.value);
      expect(odd.last_update).toBeLessThanOrEqual(KICKOFF - 600);
    }
  });

  it("keeps each bookmaker's implied probabilities per market at 1 + its margin, within rounding", () => {
    const { odds } = priceFixture(fixtureInput());
    for (const group of books(odds).values()) {
      const first = group[0] as Odd;
      const margin = BOOKMAKERS.find((b) => b.id === first.bookmaker_id)?.margin ?? NaN;
      // Double chance covers every result twice.
      const covers = first.market_id === MARKETS.DOUBLE_CHANCE.id ? 2 : 1;
      const implied = group.reduce((sum, odd) => sum + 1 / odd.value, 0);
      const roundingBound = group.reduce((sum, odd) => sum + 0.005 / (odd.value - 0.005) ** 2, 0);
      expect(Math.abs(implied - covers * (1 + margin)), `${first.bookmaker_id}/${first.market_id}/${first.line}`).toBeLessThanOrEqual(
        roundingBound,
      );
    }
  });

  it("gives fair odds whose probabilities sum to 1 per market and line, with fair_value = 1 / probability", () => {
    const { fairOdds } = priceFixture(fixtureInput());
    expect(fairOdds).toHaveLength(SELECTIONS.length);
    const sums = new Map<string, number>();
    for (const fair of fairOdds) {
      expect(fair.probability).toBeGreaterThan(0);
      expect(fair.probability).toBeLessThan(1);
      expect(Math.round(fair.probability * 10_000) / 10_000).toBe(fair.probability);
      expect(fair.fair_value).toBe(Math.round((1 / fair.probability) * 100) / 100);
      expect(fair.model_id).toBe(1);
      expect(fair.updated_at).toBe(new Date(KICKOFF * 1000).toISOString());
      const key = `${fair.market_id}:${/\d\.\d$/.exec(fair.label_name)?.[0] ?? ""}`;
      sums.set(key, (sums.get(key) ?? 0) + fair.probability);
    }
    for (const [key, sum] of sums) {
      expect(sum, key).toBeCloseTo(key.startsWith(`${MARKETS.DOUBLE_CHANCE.id}:`) ? 2 : 1, 3);
    }
    expect(fairOdds.filter((f) => f.market_id === MARKETS.OVER_UNDER.id).map((f) => f.label_name)).toEqual([
      "Over 1.5",
      "Under 1.5",
      "Over 2.5",
      "Under 2.5",
      "Over 3.5",
      "Under 3.5",
    ]);
  });

  it("records a movement history per pre-match odd, oldest first, from days before kick-off to its sp", () => {
    const { odds, movement } = priceFixture(fixtureInput({ state: "finished", final: { homeGoals: 1, awayGoals: 1, htHome: 0, htAway: 1 } }));
    expect(movement).toHaveLength(odds.length);
    for (const [i, entry] of movement.entries()) {
      const odd = odds[i] as Odd;
      expect(entry).toMatchObject({ odd_id: odd.odd_id, bookmaker_id: odd.bookmaker_id, market_id: odd.market_id, label_id: odd.label_id });
      expect(entry.history.length).toBeGreaterThanOrEqual(4);
      expect(entry.history.length).toBeLessThanOrEqual(10);
      const timestamps = entry.history.map((point) => point.timestamp);
      expect(timestamps).toEqual([...timestamps].sort((a, b) => a - b));
      expect(new Set(timestamps).size).toBe(timestamps.length);
      expect(timestamps[0]).toBeLessThanOrEqual(KICKOFF - 3 * 86_400);
      expect(timestamps.at(-1)).toBeLessThan(KICKOFF);
      expect(entry.history.at(-1)?.value).toBe(odd.sp);
      expect(odd.value).toBe(odd.sp);
      expect(odd.last_update).toBe(timestamps.at(-1));
    }
    // Prices move: not every history is flat.
    expect(movement.some((entry) => new Set(entry.history.map((p) => p.value)).size > 1)).toBe(true);
  });

  it("shows only the updates made by now before kick-off, the latest as the current price", () => {
    const full = priceFixture(fixtureInput({ state: "finished", final: { homeGoals: 0, awayGoals: 0, htHome: 0, htAway: 0 } }));
    const now = KICKOFF - 36 * 3600;
    const early = priceFixture(fixtureInput({ nowUnix: now }));
    for (const [i, entry] of early.movement.entries()) {
      const complete = full.movement[i]?.history ?? [];
      const expected = complete.filter((point) => point.timestamp <= now);
      if (expected.length > 0) expect(entry.history).toEqual(expected);
      else expect(entry.history).toEqual([{ timestamp: now, value: complete[0]?.value }]);
      expect(early.odds[i]?.value).toBe(entry.history.at(-1)?.value);
      expect(early.odds[i]?.sp).toBe(early.odds[i]?.value);
    }
  });

  it("adds live odds for 1X2, over/under and BTTS in play, priced from the score and the time left", () => {
    const pre = priceFixture(fixtureInput({ nowUnix: KICKOFF - 60 }));
    const { odds } = priceFixture(
      fixtureInput({ state: "live", nowUnix: KICKOFF + 80 * 60, live: { minute: 75, homeGoals: 2, awayGoals: 0, suspendedShare: 0 } }),
    );
    const live = odds.filter((o) => o.is_live === 1);
    expect(odds.filter((o) => o.is_live === 0)).toHaveLength(85);
    expect(live).toHaveLength(BOOKMAKERS.length * LIVE_SELECTIONS.length);
    expect(new Set(live.map((o) => o.market_id))).toEqual(new Set([1, 2, 3]));
    for (const odd of live) {
      expect(odd).toMatchObject({ home_score: 2, away_score: 0, last_update: KICKOFF + 80 * 60, status: 0 });
      expect(odd.value).toBeGreaterThanOrEqual(1.01);
    }
    const home = (o: Odd) => o.market_id === 1 && o.label_id === 1 && o.bookmaker_id === 1;
    const liveHome = live.find(home) as Odd;
    expect(liveHome.value).toBeLessThan(pre.odds.find(home)?.value ?? 0);
    expect(liveHome.sp).toBeGreaterThan(liveHome.value);
    // At share 0 only (all but) decided selections are suspended: over/under 1.5 with two goals in.
    const suspended = live.filter((o) => o.suspend === 1);
    expect(suspended.filter((o) => o.market_id === 2 && o.line === 1.5)).toHaveLength(10);
    for (const odd of suspended) expect(odd.value <= 1.01 || odd.value >= 100).toBe(true);
    expect(live.filter((o) => o.market_id === 2 && o.line === 2.5).every((o) => o.suspend === 0)).toBe(true);
  });

  it("prices live odds with the bookmaker's margin plus the in-play extra", () => {
    const { odds } = priceFixture(fixtureInput({ state: "live", live: { minute: 20, homeGoals: 0, awayGoals: 0, suspendedShare: 0 } }));
    for (const group of books(odds.filter((o) => o.is_live === 1)).values()) {
      const first = group[0] as Odd;
      const margin = (BOOKMAKERS.find((b) => b.id === first.bookmaker_id)?.margin ?? NaN) + LIVE_EXTRA_MARGIN;
      const implied = group.reduce((sum, odd) => sum + 1 / odd.value, 0);
      const roundingBound = group.reduce((sum, odd) => sum + 0.005 / (odd.value - 0.005) ** 2, 0);
      expect(Math.abs(implied - (1 + margin))).toBeLessThanOrEqual(roundingBound);
    }
  });

  it("suspends a random share of live selections, deterministically per minute and score", () => {
    const live = (minute: number) =>
      priceFixture(fixtureInput({ state: "live", live: { minute, homeGoals: 0, awayGoals: 0 } })).odds.filter((o) => o.is_live === 1);
    const counts = [5, 10, 15, 20, 25, 30, 35, 40].map((minute) => live(minute).filter((o) => o.suspend === 1).length);
    const share = counts.reduce((a, b) => a + b, 0) / (counts.length * 55);
    expect(share).toBeGreaterThan(0.02);
    expect(share).toBeLessThan(0.15);
    expect(live(10)).toEqual(live(10));
  });

  it("settles every pre-match odd of a finished match", () => {
    const { odds } = priceFixture(fixtureInput({ state: "finished", final: { homeGoals: 2, awayGoals: 1, htHome: 0, htAway: 1 } }));
    const outcome = (market: number, label: number, line = 0) =>
      odds.filter((o) => o.market_id === market && o.label_id === label && o.line === line).map((o) => `${o.status} ${o.outcome}`);
    expect(new Set(outcome(1, 1))).toEqual(new Set(["1 Won"]));
    expect(new Set(outcome(1, 2))).toEqual(new Set(["2 Lost"]));
    expect(new Set(outcome(2, 4, 2.5))).toEqual(new Set(["1 Won"]));
    expect(new Set(outcome(3, 6))).toEqual(new Set(["1 Won"]));
    expect(new Set(outcome(5, 3))).toEqual(new Set(["1 Won"]));
    expect(odds.every((o) => o.status === 1 || o.status === 2)).toBe(true);
  });

  it("fills names, descriptions and the raw bookmaker references", () => {
    const { odds } = priceFixture(fixtureInput());
    const over = odds.find((o) => o.bookmaker_id === 2 && o.market_id === 2 && o.label_id === 5 && o.line === 3.5) as Odd;
    expect(over).toMatchObject({
      market_name: "Over/Under",
      label_name: "Under",
      raw: {
        event_id: "4242",
        market_id: "4242-2-3.5",
        selection_id: String(over.odd_id),
        is_betbuilder: true,
        market_type_id: "2",
        selection_type_id: 5,
      },
    });
    expect(over.market_description.length).toBeGreaterThan(10);
    const halfTime = odds.find((o) => o.market_id === 5) as Odd;
    expect(halfTime.raw.is_betbuilder).toBe(false);
  });

  it("refuses a live state without the live score and a finished state without the final score", () => {
    expect(() => priceFixture(fixtureInput({ state: "live" }))).toThrow(/live/);
    expect(() => priceFixture(fixtureInput({ state: "finished" }))).toThrow(/final/);
  });
});
