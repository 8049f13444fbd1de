import { describe, expect, it } from "vitest";
import type { CatalogMatch } from "../../../../../src/domain/catalog.js";
import { goalsOf, playedGoals, playMatch } from "../../../../../src/domain/football/match/played-outcome.js";
import type { FixtureStatus } from "../../../../../src/domain/types/statuses.js";
import { REAL_RESULTS } from "./fixtures.js";

// The table walk learns each fixture's goals without playing it out (playedGoals); the fixture
// walk plays it (playMatch). Both must agree on every fixture, or a table and the strength model
// the documents are priced with would differ from what the documents say.

const KICKOFF = "2026-03-14T15:00:00.000Z";
const KICKOFF_UNIX = Date.parse(KICKOFF) / 1000;

function fixture(id: number, status: FixtureStatus, extra: Partial<CatalogMatch> = {}): CatalogMatch {
  return {
    id,
    season_id: 1,
    league_id: 1,
    stage: null,
    group: null,
    round: "1",
    date_time: KICKOFF,
    status,
    home_team_id: 10,
    away_team_id: 11,
    knockout: false,
    ...extra,
  };
}

function expectSameGoals(match: CatalogMatch, simulated: boolean, expectedGoals: { home: number; away: number }, nowUnix: number): void {
  const played = goalsOf(playMatch(match, simulated, expectedGoals, nowUnix));
  expect(playedGoals(match, simulated, expectedGoals, nowUnix), `fixture ${match.id} at ${nowUnix - KICKOFF_UNIX} s`).toEqual(played);
}

describe("playedGoals: a match's goals without playing it", () => {
  it("gives the played match's goals for every real result, extra time and shoot-outs included", () => {
    REAL_RESULTS.forEach(({ result }, i) => {
      const match = fixture(1_000 + i, "FT", { result: result as CatalogMatch["result"], knockout: result.p !== undefined });
      expectSameGoals(match, false, { home: 1.4, away: 1.2 }, KICKOFF_UNIX + 86_400);
      const { table } = playedGoals(match, false, { home: 1.4, away: 1.2 }, KICKOFF_UNIX + 86_400);
      expect(table).toEqual({ home: (result.et ?? result.ft)[0], away: (result.et ?? result.ft)[1] });
    });
  });

  it("gives the awarded score, and nothing for a fixture that was not played", () => {
    const awarded = fixture(2_000, "AWARDED", { result: { ft: [3, 0] } });
    expectSameGoals(awarded, true, { home: 1.4, away: 1.2 }, KICKOFF_UNIX + 86_400);
    expect(playedGoals(awarded, true, { home: 1.4, away: 1.2 }, KICKOFF_UNIX + 86_400)).toEqual({ final90: null, table: { home: 3, away: 0 } });
    for (const status of ["POSTPONED", "CANCELLED", "ABANDONED", "NO_RESULT"] as const) {
      expectSameGoals(fixture(2_001, status), true, { home: 1.4, away: 1.2 }, KICKOFF_UNIX + 86_400);
    }
  });

  it("follows a simulated match through its clock: nothing before full time, its goals from the final whistle on", () => {
    let finished = 0;
    let unfinished = 0;
    for (let id = 3_000; id < 3_150; id++) {
      const knockout = id % 3 === 0;
      const expectedGoals = { home: 0.4 + (id % 7) * 0.5, away: 0.3 + (id % 5) * 0.6 };
      const match = fixture(id, "NOT_STARTED", { knockout });
      // Before kick-off, in each half, at the breaks, in extra time, in a shoot-out, and after.
      for (let minutes = -10; minutes <= 240; minutes += 9) {
        const nowUnix = KICKOFF_UNIX + minutes * 60;
        expectSameGoals(match, true, expectedGoals, nowUnix);
        if (playedGoals(match, true, expectedGoals, nowUnix).final90) finished++;
        else unfinished++;
      }
    }
    expect(finished).toBeGreaterThan(1_000);
    expect(unfinished).toBeGreaterThan(1_000);
  });
});
