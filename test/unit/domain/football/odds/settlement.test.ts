import { describe, expect, it } from "vitest";
import { SETTLEMENT } from "../../../../../src/domain/fixture-parts.js";
import { LABELS, MARKETS, SELECTIONS } from "../../../../../src/domain/football/odds/markets.js";
import { settleOdd, type FinalScore } from "../../../../../src/domain/football/odds/settlement.js";

const score = (homeGoals: number, awayGoals: number, htHome = 0, htAway = 0): FinalScore => ({ homeGoals, awayGoals, htHome, htAway });
const { WON, LOST, VOID, HALF_WON, HALF_LOST } = SETTLEMENT;

describe("settleOdd", () => {
  it.each([
    ["home win with 2-1", MARKETS.FULLTIME_RESULT.id, LABELS.HOME.id, 0, score(2, 1), WON],
    ["draw with 2-1", MARKETS.FULLTIME_RESULT.id, LABELS.DRAW.id, 0, score(2, 1), LOST],
    ["draw with 1-1", MARKETS.FULLTIME_RESULT.id, LABELS.DRAW.id, 0, score(1, 1), WON],
    ["away win with 0-3", MARKETS.FULLTIME_RESULT.id, LABELS.AWAY.id, 0, score(0, 3), WON],
    ["over 2.5 with 3 goals", MARKETS.OVER_UNDER.id, LABELS.OVER.id, 2.5, score(2, 1), WON],
    ["under 2.5 with 3 goals", MARKETS.OVER_UNDER.id, LABELS.UNDER.id, 2.5, score(2, 1), LOST],
    ["over 1.5 with 1 goal", MARKETS.OVER_UNDER.id, LABELS.OVER.id, 1.5, score(1, 0), LOST],
    ["under 3.5 with 0 goals", MARKETS.OVER_UNDER.id, LABELS.UNDER.id, 3.5, score(0, 0), WON],
    ["over 3.5 with 4 goals", MARKETS.OVER_UNDER.id, LABELS.OVER.id, 3.5, score(4, 0), WON],
    ["over 2 with exactly 2 goals (push)", MARKETS.OVER_UNDER.id, LABELS.OVER.id, 2, score(1, 1), VOID],
    ["over 2.25 with 2 goals (half the stake pushed)", MARKETS.OVER_UNDER.id, LABELS.OVER.id, 2.25, score(1, 1), HALF_LOST],
    ["under 2.25 with 2 goals", MARKETS.OVER_UNDER.id, LABELS.UNDER.id, 2.25, score(2, 0), HALF_WON],
    ["BTTS yes with 1-1", MARKETS.BOTH_TEAMS_TO_SCORE.id, LABELS.YES.id, 0, score(1, 1), WON],
    ["BTTS no with 1-0", MARKETS.BOTH_TEAMS_TO_SCORE.id, LABELS.NO.id, 0, score(1, 0), WON],
    ["BTTS yes with 1-0", MARKETS.BOTH_TEAMS_TO_SCORE.id, LABELS.YES.id, 0, score(1, 0), LOST],
    ["double chance 1X with a draw", MARKETS.DOUBLE_CHANCE.id, LABELS.HOME_OR_DRAW.id, 0, score(0, 0), WON],
    ["double chance 12 with a draw", MARKETS.DOUBLE_CHANCE.id, LABELS.HOME_OR_AWAY.id, 0, score(2, 2), LOST],
    ["double chance 12 with an away win", MARKETS.DOUBLE_CHANCE.id, LABELS.HOME_OR_AWAY.id, 0, score(0, 1), WON],
    ["double chance X2 with a home win", MARKETS.DOUBLE_CHANCE.id, LABELS.DRAW_OR_AWAY.id, 0, score(1, 0), LOST],
    ["half-time home with 1-0 at the break, 1-2 at the end", MARKETS.HALF_TIME_RESULT.id, LABELS.HOME.id, 0, score(1, 2, 1, 0), WON],
    ["half-time draw with 1-0 at the break", MARKETS.HALF_TIME_RESULT.id, LABELS.DRAW.id, 0, score(1, 2, 1, 0), LOST],
    ["half-time away with 0-0 at the break", MARKETS.HALF_TIME_RESULT.id, LABELS.AWAY.id, 0, score(0, 2, 0, 0), LOST],
  ])("settles %s", (_name, market_id, label_id, line, final, status) => {
    const settled = settleOdd({ market_id, label_id, line }, final);
    expect(settled.status).toBe(status);
    expect(settled.outcome).toBe({ 1: "Won", 2: "Lost", 3: "Void", 4: "Half Won", 5: "Half Lost" }[status]);
  });

  it("settles exactly one selection of each full-time result and of each over/under line as won", () => {
    for (const final of [score(0, 0), score(1, 0), score(2, 2), score(0, 4, 0, 2), score(3, 1, 2, 0)]) {
      const won = SELECTIONS.filter((s) => settleOdd({ market_id: s.market.id, label_id: s.label.id, line: s.line }, final).status === WON);
      const perBook = new Map<string, number>();
      for (const s of won) {
        if (s.market.id === MARKETS.DOUBLE_CHANCE.id) continue;
        const key = `${s.market.id}:${s.line}`;
        perBook.set(key, (perBook.get(key) ?? 0) + 1);
      }
      expect([...perBook.values()]).toEqual([1, 1, 1, 1, 1, 1]);
      expect(won.filter((s) => s.market.id === MARKETS.DOUBLE_CHANCE.id)).toHaveLength(2);
    }
  });

  it("refuses a selection it has no rule for", () => {
    expect(() => settleOdd({ market_id: 99, label_id: 1, line: 0 }, score(1, 0))).toThrow(/market 99/);
    expect(() => settleOdd({ market_id: MARKETS.BOTH_TEAMS_TO_SCORE.id, label_id: LABELS.HOME.id, line: 0 }, score(1, 0))).toThrow();
  });
});
