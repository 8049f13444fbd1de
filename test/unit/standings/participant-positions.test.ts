import { describe, expect, it } from "vitest";
import type { StandingRow } from "../../../src/domain/standings/compute.js";
import { derivedFixtureFields } from "../../../src/standings/fixture-derived.js";
import { positionsOf, repositioned } from "../../../src/standings/participant-positions.js";
import { fixtureSearchFields } from "../../../src/domain/text/search-fields.js";
import type { MetricEntry } from "../../../src/domain/fixture-parts.js";
import type { FixtureStatus } from "../../../src/domain/types/statuses.js";

const row = (stageId: number | null, teamId: number, position: number): StandingRow => ({
  season: { id: 1, name: "2025" },
  stage: stageId === null ? null : { id: stageId, name: `Stage ${stageId}` },
  group: null,
  position,
  team: { id: teamId, name: `Team ${teamId}` },
  points: 0,
  result: null,
  statistics: [],
});

const participants = (home: number | null, away: number | null) => [
  { id: 10, name: "Ten", location: "home" as const, position: home },
  { id: 20, name: "Twenty", location: "away" as const, position: away },
];

describe("participant positions", () => {
  const positions = positionsOf([row(5, 10, 1), row(5, 20, 2), row(6, 10, 3)]);

  it("takes each team's rank in the table of the fixture's stage", () => {
    expect(repositioned({ stage: { id: 5, name: "Stage 5" }, participants: participants(2, 1) }, positions)?.map((p) => p.position)).toEqual([1, 2]);
    expect(repositioned({ stage: { id: 6, name: "Stage 6" }, participants: participants(null, null) }, positions)?.map((p) => p.position)).toEqual([3, null]);
  });

  it("reports no change when the positions are already current", () => {
    expect(repositioned({ stage: { id: 5, name: "Stage 5" }, participants: participants(1, 2) }, positions)).toBeNull();
  });

  it("clears positions in a stage without a table", () => {
    expect(repositioned({ stage: { id: 9, name: "Final" }, participants: participants(1, 2) }, positions)?.map((p) => p.position)).toEqual([null, null]);
  });
});

describe("derivedFixtureFields", () => {
  const corners = { team_id: 10, type_id: 34, developer_name: "CORNERS", value: 4, location: "home" as const };
  const stored = (status: FixtureStatus, metrics: MetricEntry[]) => ({
    id: 1,
    status,
    odds: [],
    date_time: "2026-10-03T14:00:00.000Z",
    league: { id: 8, name: "League 8", level: 1, code: "test.8" },
    participants: participants(1, 2),
    home_team_id: 10,
    away_team_id: 20,
    scores: [],
    statistics: [corners],
    metrics,
    trends: null,
  });

  it("recomputes effective values and the search fields from every name of both teams", () => {
    const cornersMetric: MetricEntry = { ...corners, value: 9, group: "predictions" };
    const derived = derivedFixtureFields(stored("NOT_STARTED", [cornersMetric]), new Map([[10, ["Ten FC", "The Tens"]]]), "fixtures");
    expect(derived.effective).toEqual([{ name: "CORNERS", location: "home", value: 4 }]);
    expect(derived.search).toEqual(fixtureSearchFields(["Ten FC", "The Tens"], ["Twenty"]));
    expect(derived.final_result).toBeNull();
  });

  it("recomputes history's effective values from the metrics only (index-family.ts)", () => {
    const homeWin: MetricEntry = { team_id: 10, type_id: 100, developer_name: "PREDICTION_HOME_WIN_PROBABILITY", value: 61, location: "home", group: "predictions" };
    const derived = derivedFixtureFields(stored("FT", [homeWin]), new Map(), "fixtures_history");
    expect(derived.effective).toEqual([{ name: "PREDICTION_HOME_WIN_PROBABILITY", location: "home", value: 61 }]);
  });
});
