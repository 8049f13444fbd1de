import { describe, expect, it } from "vitest";
import { tablesOfSeason, type TableFixture } from "../../../../src/domain/standings/table-plan.js";

let nextId = 1;
function fixture(
  home: number,
  away: number,
  stage: TableFixture["stage"],
  date = "2025-01-01T15:00:00.000Z",
  group: TableFixture["group"] = null,
): TableFixture {
  return { id: nextId++, date_time: date, stage, group, home_team_id: home, away_team_id: away, goals: null };
}

/** Every pairing of `teams`, home and away. */
function roundRobin(teams: number[], stage: TableFixture["stage"], date: string): TableFixture[] {
  return teams.flatMap((a) => teams.filter((b) => b !== a).map((b) => fixture(a, b, stage, date)));
}

const describeTables = (fixtures: TableFixture[]) =>
  tablesOfSeason(fixtures).map((t) => ({ stage: t.stage?.name ?? null, group: t.group?.name ?? null, fixtures: t.fixtures.length }));

describe("tablesOfSeason", () => {
  it("makes one table with stage null for a season without stages", () => {
    expect(describeTables(roundRobin([1, 2, 3], null, "2025-01-01T15:00:00.000Z"))).toEqual([{ stage: null, group: null, fixtures: 6 }]);
  });

  it("gives a knockout-named stage no table when its teams are two-legged ties or a bracket", () => {
    const finals = { id: 9, name: "Finals" };
    const regular = { id: 1, name: "Regular Season" };
    const fixtures = [
      ...roundRobin([1, 2, 3, 4], regular, "2025-01-01T15:00:00.000Z"),
      fixture(1, 2, finals, "2025-05-01T15:00:00.000Z"),
      fixture(2, 1, finals, "2025-05-04T15:00:00.000Z"),
      fixture(3, 4, finals, "2025-05-01T15:00:00.000Z"),
      fixture(1, 3, finals, "2025-05-10T15:00:00.000Z"),
    ];
    expect(describeTables(fixtures)).toEqual([{ stage: "Regular Season", group: null, fixtures: 12 }]);
  });

  it("gives a knockout-named stage a table when its teams form one round-robin group of four (ECL Playoffs)", () => {
    const regular = { id: 1, name: "Regular Season" };
    const playoffs = { id: 2, name: "ECL Playoffs" };
    const fixtures = [...roundRobin([1, 2, 3, 4, 5, 6], regular, "2025-01-01T15:00:00.000Z"), ...roundRobin([3, 4, 5, 6], playoffs, "2025-04-01T15:00:00.000Z")];
    expect(describeTables(fixtures)).toEqual([
      { stage: "Regular Season", group: null, fixtures: 30 },
      { stage: "ECL Playoffs", group: null, fixtures: 12 },
    ]);
  });

  it("names several round-robin groups of a knockout-named stage Group A, Group B in order of their first fixture", () => {
    const stage = { id: 3, name: "Playoffs" };
    const fixtures = [...roundRobin([7, 8, 9], stage, "2025-04-08T15:00:00.000Z"), ...roundRobin([1, 2, 3], stage, "2025-04-01T15:00:00.000Z")];
    const tables = tablesOfSeason(fixtures);
    expect(tables.map((t) => [t.group?.name, [...new Set(t.fixtures.map((f) => f.home_team_id))].sort()])).toEqual([
      ["Group A", [1, 2, 3]],
      ["Group B", [7, 8, 9]],
    ]);
    expect(tables[0]!.group!.id).not.toBe(tables[1]!.group!.id);
  });

  it("orders tables by the stage's first fixture, stages starting together by name, then by group name", () => {
    const championship = { id: 20, name: "Playoffs - Championship" };
    const relegation = { id: 10, name: "Playoffs - Relegation" };
    const regular = { id: 30, name: "Regular Season" };
    const groupB = { id: 2, name: "Group B" };
    const groupA = { id: 1, name: "Group A" };
    const fixtures = [
      fixture(5, 6, relegation, "2025-03-01T15:00:00.000Z"),
      fixture(3, 4, championship, "2025-03-01T18:00:00.000Z"),
      fixture(1, 2, regular, "2024-08-01T15:00:00.000Z", groupB),
      fixture(7, 8, regular, "2024-08-02T15:00:00.000Z", groupA),
    ];
    expect(describeTables(fixtures).map((t) => `${t.stage}/${t.group}`)).toEqual([
      "Regular Season/Group A",
      "Regular Season/Group B",
      "Playoffs - Relegation/null",
      "Playoffs - Championship/null",
    ]);
  });

  it("orders stages that start at the same moment by name", () => {
    const b = { id: 1, name: "Relegation" };
    const a = { id: 2, name: "Championship" };
    const fixtures = [fixture(5, 6, b, "2025-03-01T15:00:00.000Z"), fixture(3, 4, a, "2025-03-01T15:00:00.000Z")];
    expect(describeTables(fixtures).map((t) => t.stage)).toEqual(["Championship", "Relegation"]);
  });
});
