import { describe, expect, it } from "vitest";
import { byFirstFixture, connectedTeamGroups, groupName } from "../../../src/domain/team-groups.js";

type Fixture = { id: number; home: number; away: number; date_time: string };

let nextId = 1;
function fixture(home: number, away: number, date_time = "2025-01-01T15:00:00.000Z"): Fixture {
  return { id: nextId++, home, away, date_time };
}
const groupsOf = (fixtures: Fixture[]) => connectedTeamGroups(fixtures, (f) => [f.home, f.away]);

describe("connectedTeamGroups", () => {
  it("puts teams joined by a chain of fixtures into one group", () => {
    const groups = groupsOf([fixture(1, 2), fixture(3, 4), fixture(2, 3)]);
    expect(groups).toHaveLength(1);
    expect([...groups[0]!.teams].sort()).toEqual([1, 2, 3, 4]);
  });

  it("keeps teams that never meet apart, in the order of each group's first fixture in the list", () => {
    const fixtures = [fixture(5, 6), fixture(1, 2), fixture(6, 7), fixture(2, 3)];
    const groups = groupsOf(fixtures);
    expect(groups.map((group) => [...group.teams])).toEqual([
      [5, 6, 7],
      [1, 2, 3],
    ]);
    expect(groups.map((group) => group.fixtures.map((f) => f.id))).toEqual([
      [fixtures[0]!.id, fixtures[2]!.id],
      [fixtures[1]!.id, fixtures[3]!.id],
    ]);
  });

  it("remembers each group's earliest kick-off, whatever the list order", () => {
    const [group] = groupsOf([fixture(1, 2, "2025-03-01T15:00:00.000Z"), fixture(2, 3, "2025-02-01T15:00:00.000Z")]);
    expect(group?.first).toBe("2025-02-01T15:00:00.000Z");
  });

  it("gives no groups for no fixtures", () => {
    expect(groupsOf([])).toEqual([]);
  });
});

describe("byFirstFixture", () => {
  it("orders groups by first kick-off, then by their lowest team id", () => {
    const groups = groupsOf([
      fixture(7, 8, "2025-01-02T15:00:00.000Z"),
      fixture(5, 6, "2025-01-01T15:00:00.000Z"),
      fixture(1, 2, "2025-01-02T15:00:00.000Z"),
    ]);
    expect(groups.sort(byFirstFixture).map((group) => Math.min(...group.teams))).toEqual([5, 1, 7]);
  });
});

describe("groupName", () => {
  it("names groups A to Z, then starts again with a number", () => {
    expect([0, 1, 25, 26, 27, 52].map(groupName)).toEqual(["Group A", "Group B", "Group Z", "Group A1", "Group B1", "Group A2"]);
  });
});
