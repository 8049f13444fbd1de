import { describe, expect, it } from "vitest";
import { computeSeasonTables, type StandingRow, type TableFixture } from "../../../../src/domain/standings/compute.js";

const season = { id: 70, name: "2024/2025" };
const teams = new Map(
  [
    [1, "Arsenal FC"],
    [2, "Brentford FC"],
    [3, "Chelsea FC"],
    [4, "Everton FC"],
  ].map(([id, name]) => [id as number, { id: id as number, name: name as string }]),
);

let nextId = 1;
function played(home: number, away: number, goals: [number, number] | null, stage: TableFixture["stage"] = null): TableFixture {
  return {
    id: nextId++,
    date_time: `2025-01-${String(nextId).padStart(2, "0")}T15:00:00.000Z`,
    stage,
    group: null,
    home_team_id: home,
    away_team_id: away,
    goals: goals ? { home: goals[0], away: goals[1] } : null,
  };
}

const stat = (row: StandingRow, name: string) => row.statistics.find((s) => s.developer_name === name)?.value;
const compute = (fixtures: TableFixture[], leagueCode = "xx.1") => computeSeasonTables({ season, leagueCode, fixtures, teams });

describe("computeSeasonTables", () => {
  it("gives 3 points a win and 1 a draw and counts only fixtures with goals", () => {
    const rows = compute([played(1, 2, [2, 0]), played(3, 4, [1, 1]), played(2, 3, null)]);
    expect(rows.map((r) => [r.team.name, r.position, r.points])).toEqual([
      ["Arsenal FC", 1, 3],
      ["Chelsea FC", 2, 1],
      ["Everton FC", 3, 1],
      ["Brentford FC", 4, 0],
    ]);
    const brentford = rows.find((r) => r.team.id === 2)!;
    expect(stat(brentford, "OVERALL_MATCHES_PLAYED")).toBe(1);
    expect(stat(brentford, "OVERALL_LOST")).toBe(1);
    expect(stat(brentford, "AWAY_GOALS_AGAINST")).toBe(2);
    expect(stat(brentford, "HOME_MATCHES_PLAYED")).toBe(0);
  });

  it("ranks by points, then goal difference, then goals scored, then English team name", () => {
    const rows = compute([
      played(1, 2, [1, 0]), // Arsenal 3 pts, +1, 1 scored
      played(3, 2, [3, 2]), // Chelsea 3 pts, +1, 3 scored
      played(4, 2, [3, 2]), // Everton 3 pts, +1, 3 scored: tied with Chelsea on everything
    ]);
    expect(rows.map((r) => r.team.name)).toEqual(["Chelsea FC", "Everton FC", "Arsenal FC", "Brentford FC"]);
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3, 4]);
  });

  it("prefers goal difference over goals scored", () => {
    const rows = compute([played(1, 2, [2, 0]), played(3, 4, [4, 3])]);
    expect(rows[0]!.team.name).toBe("Arsenal FC");
    expect(rows[1]!.team.name).toBe("Chelsea FC");
  });

  it("lists every team of a table, also before it has played", () => {
    const rows = compute([played(1, 2, null), played(3, 4, null)]);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.points === 0 && stat(r, "OVERALL_MATCHES_PLAYED") === 0)).toBe(true);
  });

  it("carries every statistic overall, at home and away with its standing type id", () => {
    const [row] = compute([played(1, 2, [2, 1])]);
    expect(row!.statistics).toHaveLength(24);
    expect(row!.statistics.slice(0, 2)).toEqual([
      { team_id: 1, type_id: 1, developer_name: "OVERALL_MATCHES_PLAYED", value: 1 },
      { team_id: 1, type_id: 2, developer_name: "OVERALL_WON", value: 1 },
    ]);
    expect(stat(row!, "OVERALL_GOAL_DIFFERENCE")).toBe(1);
    expect(stat(row!, "HOME_POINTS")).toBe(3);
    expect(stat(row!, "AWAY_POINTS")).toBe(0);
    expect(row!.statistics.every((s) => s.team_id === 1 && Number.isInteger(s.type_id))).toBe(true);
  });

  it("notes qualification and relegation places from the league's configuration, null elsewhere", () => {
    const twenty = new Map(Array.from({ length: 20 }, (_, i) => [i + 1, { id: i + 1, name: `Team ${String(i + 1).padStart(2, "0")}` }]));
    const fixtures = Array.from({ length: 10 }, (_, i) => played(2 * i + 1, 2 * i + 2, [20 - i, 0]));
    const rows = computeSeasonTables({ season, leagueCode: "en.1", fixtures, teams: twenty });
    expect(rows.map((r) => r.result)).toEqual([
      ...Array(4).fill("UEFA Champions League"),
      "UEFA Europa League",
      "UEFA Conference League Qualifiers",
      ...Array(11).fill(null),
      ...Array(3).fill("Relegation"),
    ]);
    expect(compute([played(1, 2, [1, 0])], "en.2").every((r) => r.result === null)).toBe(true);
  });
});
