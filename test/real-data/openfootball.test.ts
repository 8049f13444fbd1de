import { existsSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readOpenfootball, type OpenfootballData } from "../../src/import/openfootball/index.js";

// The real data lives beside the repository (never inside it); without it this suite is skipped.
const DATA_DIR = process.env.OPENFOOTBALL_DIR ?? path.resolve(process.cwd(), "../shared/data/openfootball");
const exists = existsSync(path.join(DATA_DIR, "football.json"));
// The snapshot is of 2026-03-13; a fixed "now" keeps the status counts exact.
const NOW = new Date("2026-03-13T12:00:00Z");

describe.skipIf(!exists)("readOpenfootball on the real data", () => {
  let data: OpenfootballData;
  let again: OpenfootballData;

  beforeAll(() => {
    data = readOpenfootball(DATA_DIR, { now: NOW });
    again = readOpenfootball(DATA_DIR, { now: NOW });
  });

  const teamNamed = (name: string) => data.teams.find((team) => team.name === name);
  const seasonId = (key: string) => data.seasons.find((season) => season.key === key)?.id;
  const playsIn = (teamId: number | undefined, seasonKey: string) =>
    data.matches.some((m) => m.season_id === seasonId(seasonKey) && (m.home_team_id === teamId || m.away_team_id === teamId));

  it("reads all 64 files and all 21,104 matches, 5 of them with placeholder teams", () => {
    expect(data.report.files).toBe(64);
    expect(data.report.source_matches).toBe(21_104);
    expect(data.matches).toHaveLength(21_104);
    expect(data.report.placeholder_matches).toHaveLength(5);
    expect(data.report.placeholder_matches.every((m) => m.file === "2024-25/au.1.json")).toBe(true);
  });

  it("builds the measured numbers of leagues, seasons, teams and countries", () => {
    expect(data.leagues).toHaveLength(34);
    expect(data.seasons).toHaveLength(64);
    expect(data.teams.filter((team) => !team.placeholder)).toHaveLength(681);
    expect(data.teams.filter((team) => team.placeholder).map((team) => team.name).sort()).toEqual([
      "To be decided",
      "To be decided",
      "Winner Elimination Final",
      "Winner Elimination Final",
      "Winner Elimination Final",
      "Winner Elimination Final",
    ]);
    expect(data.countries).toHaveLength(43);
    expect(data.report.unresolved_team_names).toHaveLength(34);
    expect(data.report.date_corrections).toHaveLength(276);
  });

  it("resolves Aston Villa in en.1 and in the Champions League to one team", () => {
    const villa = teamNamed("Aston Villa FC");
    expect(villa?.country.alpha3).toBe("ENG");
    expect(playsIn(villa?.id, "en.1:2024-25")).toBe(true);
    expect(playsIn(villa?.id, "uefa.cl:2024-25")).toBe(true);
  });

  it("resolves differently written names of one club to one team", () => {
    expect(teamNamed("Watford FC")?.spellings.map((s) => s.name).sort()).toEqual(["Watford", "Watford FC"]);
    expect(teamNamed("AFC Wimbledon")?.spellings.map((s) => s.name).sort()).toEqual(["AFC", "AFC Wimbledon"]);
    expect(playsIn(teamNamed("Watford FC")?.id, "en.2:2025-26")).toBe(true);
  });

  it("gives every match two distinct known teams, a league and a season", () => {
    const teamIds = new Set(data.teams.map((team) => team.id));
    const seasonIds = new Set(data.seasons.map((season) => season.id));
    const leagueIds = new Set(data.leagues.map((league) => league.id));
    const bad = data.matches.filter(
      (m) =>
        m.home_team_id === m.away_team_id ||
        !teamIds.has(m.home_team_id) ||
        !teamIds.has(m.away_team_id) ||
        !seasonIds.has(m.season_id) ||
        !leagueIds.has(m.league_id),
    );
    expect(bad).toEqual([]);
  });

  it("uses unique positive safe-integer ids that are the same on every read", () => {
    for (const list of [data.teams, data.matches, data.leagues, data.seasons, data.countries]) {
      const ids = list.map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.every((id) => Number.isSafeInteger(id) && id > 0)).toBe(true);
    }
    expect(again.teams.map((t) => [t.key, t.id])).toEqual(data.teams.map((t) => [t.key, t.id]));
    expect(again.matches.map((m) => m.id)).toEqual(data.matches.map((m) => m.id));
  });

  it("derives statuses and UTC kick-offs", () => {
    const counts = new Map<string, number>();
    for (const match of data.matches) counts.set(match.status, (counts.get(match.status) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      FT: 16_747,
      AWARDED: 6,
      POSTPONED: 23,
      CANCELLED: 1,
      ABANDONED: 1,
      NO_RESULT: 2_766,
      NOT_STARTED: 1_560,
    });
    const final = data.matches.find((m) => m.season_key === "uefa.cl:2024-25" && m.round === "Final");
    expect(final?.kickoff_utc).toBe("2025-05-31T19:00:00.000Z");
  });

});
