import { describe, expect, it } from "vitest";
import { mergeFixtureChange, type StoredFixture } from "../../../src/live/fixture-change.js";

const doc = {
  id: 7,
  home_team_id: 1,
  away_team_id: 2,
  status: "INPLAY_1ST_HALF",
  is_live: true,
  minute: 44,
  season: { id: 3 },
  scores: [],
  periods: [],
  statistics: [],
  trends: null,
  odds: [],
  movement: [],
  updated_at: "2026-01-01T00:00:00.000Z",
} as unknown as StoredFixture;
const at = { nowUnix: 1_800_000_000, updatedAt: "2026-01-01T00:01:00.000Z" };

describe("mergeFixtureChange", () => {
  it("follows the status with is_live and stamps updated_at", () => {
    const { doc: next, effects } = mergeFixtureChange(doc, { status: "HT", minute: 45 }, at);
    expect(next).toMatchObject({ status: "HT", is_live: true, minute: 45, updated_at: at.updatedAt });
    expect(effects).toMatchObject({ changed: true, statusChanged: true, finished: false });
  });

  it("says when the fixture finishes, once", () => {
    const { doc: finished, effects } = mergeFixtureChange(doc, { status: "FT", minute: null }, at);
    expect(finished.is_live).toBe(false);
    expect(effects.finished).toBe(true);
    expect(mergeFixtureChange(finished, { status: "FT" }, at).effects).toMatchObject({ changed: false, finished: false });
  });

  it("changes nothing, updated_at included, when the change repeats the stored state", () => {
    const { doc: next, effects } = mergeFixtureChange(doc, { status: "INPLAY_1ST_HALF", minute: 44, scores: [] }, at);
    expect(next).toBe(doc);
    expect(effects.changed).toBe(false);
  });

  it("stores empty trends as null", () => {
    expect(mergeFixtureChange(doc, { trends: { minutes: [], series: [] } }, at).doc.trends).toBeNull();
  });

  it("keeps the windowed statistics from the trends it merges, and keeps them when a change sends statistics only", () => {
    const corners = { team_id: 0, type_id: 34, developer_name: "CORNERS", value: 3, location: "league" as const };
    const trends = {
      minutes: [{ period_id: 71, first_minute: 1, count: 12 }],
      series: [{ team_id: 1, type_id: 13, deltas: [1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1] }],
    };
    const windowed = (statistics: ReadonlyArray<{ developer_name: string; location: string; value: number }>) =>
      statistics.filter((entry) => entry.developer_name === "CORNERS_LAST_5").map((entry) => `${entry.location}=${entry.value}`);
    const { doc: live } = mergeFixtureChange(doc, { statistics: [corners], trends }, at);
    expect(windowed(live.statistics)).toEqual(["home=2", "away=0", "league=2"]);
    expect(live.statistics[0]).toEqual(corners);
    const { doc: finished } = mergeFixtureChange(live, { status: "FT", statistics: [corners] }, at);
    expect(windowed(finished.statistics)).toEqual(["home=2", "away=0", "league=2"]);
  });
});
