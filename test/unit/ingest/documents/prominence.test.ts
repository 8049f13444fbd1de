import { describe, expect, it } from "vitest";
import type { Catalog, CatalogLeague, CatalogMatch, CatalogTeam } from "../../../../src/domain/catalog.js";
import { prominence } from "../../../../src/ingest/documents/prominence.js";

const REGION = { id: 1, name: "Europe" };
function league(id: number, code: string, level: number, popular: boolean, country_id: number): CatalogLeague {
  return { id, code, name: code, alternate_names: [], names: { en: code }, level, country_id, region: REGION, popular, timezone: "UTC" };
}
function team(id: number, country_id: number): CatalogTeam {
  return { id, name: `Team ${id}`, alternate_names: [], names: { en: `Team ${id}` }, short_code: "T", country_id, national_team: false, placeholder: false };
}
let nextId = 1;
function match(season_id: number, league_id: number, home: number, away: number, ft: [number, number]): CatalogMatch {
  return {
    id: nextId++, season_id, league_id, stage: null, group: null, round: "1", date_time: "2025-01-01T15:00:00.000Z",
    status: "FT", home_team_id: home, away_team_id: away, result: { ft }, knockout: false,
  };
}

// Country 1: a popular top flight (league 1: teams 1, 2) and its second tier (league 2: teams 3, 4).
// Country 2: a top flight (league 3: teams 5, 6). League 4: a continental cup of teams 1, 5 and
// 7 (country 3, no league of its own here).
const catalog: Pick<Catalog, "teams" | "leagues" | "seasons" | "matches"> = {
  leagues: [league(1, "a.1", 1, true, 1), league(2, "a.2", 2, false, 1), league(3, "b.1", 1, false, 2), league(4, "cup", 1, false, 9)],
  teams: [1, 2, 3, 4].map((id) => team(id, 1)).concat([5, 6].map((id) => team(id, 2)), [team(7, 3)]),
  seasons: [
    { id: 1, league_id: 1, name: "2025", simulated: false, source: "test" },
    { id: 2, league_id: 2, name: "2025", simulated: false, source: "test" },
    { id: 3, league_id: 3, name: "2025", simulated: false, source: "test" },
    { id: 4, league_id: 4, name: "2025", simulated: false, source: "test" },
    { id: 5, league_id: 2, name: "2026", simulated: true, source: "simulated" },
  ],
  matches: [
    match(1, 1, 1, 2, [2, 0]),
    match(1, 1, 2, 1, [0, 1]),
    match(2, 2, 3, 4, [1, 1]),
    match(3, 3, 5, 6, [3, 0]),
    match(4, 4, 1, 5, [1, 0]),
    match(4, 4, 5, 1, [1, 1]),
    match(4, 4, 7, 1, [0, 2]),
    // Simulated: never counts, however many wins.
    ...Array.from({ length: 20 }, () => match(5, 2, 4, 3, [5, 0])),
  ],
};

describe("prominence (the entity-search prior)", () => {
  const result = prominence(catalog);
  const teamPrior = (id: number) => result.teams.get(id)!;

  it("ranks a winning, continental club of a popular league first and a second-tier club last", () => {
    // Team 1: tier 1, 3 continental matches of 12, 2 wins in 2 top-flight matches.
    expect(teamPrior(1)).toBeCloseTo(0.45 + 0.35 * (3 / 12) + 0.2, 2);
    // Team 2: tier 1, no continental matches, no points.
    expect(teamPrior(2)).toBeCloseTo(0.45, 2);
    // Team 5: a top flight that is not popular, 2 continental matches, 3 points in 1 match.
    expect(teamPrior(5)).toBeCloseTo(0.45 * 0.6 + 0.35 * (2 / 12) + 0.2, 2);
    // Teams 3 and 4: the second tier, no top-flight matches; the simulated season adds nothing.
    expect(teamPrior(3)).toBeCloseTo(0.45 * 0.3, 2);
    expect(teamPrior(4)).toBe(teamPrior(3));
    expect(teamPrior(1)).toBeGreaterThan(teamPrior(5));
    expect(teamPrior(5)).toBeGreaterThan(teamPrior(2));
    // Team 7: only continental matches, no domestic league in the data.
    expect(teamPrior(7)).toBeCloseTo(0.35 * (1 / 12), 2);
  });

  it("keeps every prior between 0 and 1", () => {
    for (const value of [...result.teams.values(), ...result.leagues.values()]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  it("weighs leagues by tier and by their clubs in continental competition; a continental cup counts as its own", () => {
    expect(result.leagues.get(1)).toBeCloseTo(0.85 + 0.15 * (1 / 4), 2);
    expect(result.leagues.get(2)).toBeCloseTo(0.85 * 0.3, 2);
    expect(result.leagues.get(3)).toBeCloseTo(0.85 * 0.6 + 0.15 * (1 / 4), 2);
    // No country has half of the cup's clubs.
    expect(result.leagues.get(4)).toBeCloseTo(0.85 * 0.6 + 0.15, 2);
  });
});
