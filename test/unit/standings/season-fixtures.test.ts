import { describe, expect, it } from "vitest";
import type { Score } from "../../../src/domain/fixture-parts.js";
import { tableFixtureOf, type SeasonFixture } from "../../../src/standings/season-fixtures.js";

function stored(status: SeasonFixture["status"], scores: Array<[number, Score["developer_name"], number]>): SeasonFixture {
  return {
    id: 5,
    date_time: "2025-01-01T15:00:00.000Z",
    status,
    stage: null,
    group: null,
    home_team_id: 1,
    away_team_id: 2,
    participants: [],
    scores: scores.map(([team_id, developer_name, value]) => ({ fixture_id: 5, team_id, developer_name, value })),
    league: { code: "en.1" },
    season: { id: 9, name: "2024/2025" },
  };
}

describe("tableFixtureOf", () => {
  it("counts a finished fixture with its CURRENT goals (extra time in, shoot-out out)", () => {
    const fixture = tableFixtureOf(
      stored("FT", [
        [1, "2ND_HALF", 1],
        [2, "2ND_HALF", 1],
        [1, "CURRENT", 2],
        [2, "CURRENT", 1],
      ]),
    );
    expect(fixture.goals).toEqual({ home: 2, away: 1 });
  });

  it("counts an awarded fixture with its awarded score", () => {
    expect(tableFixtureOf(stored("AWARDED", [[1, "CURRENT", 3], [2, "CURRENT", 0]])).goals).toEqual({ home: 3, away: 0 });
  });

  it("does not count a fixture in play, postponed or without scores", () => {
    expect(tableFixtureOf(stored("INPLAY_2ND_HALF", [[1, "CURRENT", 3], [2, "CURRENT", 0]])).goals).toBeNull();
    expect(tableFixtureOf(stored("POSTPONED", [])).goals).toBeNull();
    expect(tableFixtureOf(stored("FT", [])).goals).toBeNull();
  });
});
