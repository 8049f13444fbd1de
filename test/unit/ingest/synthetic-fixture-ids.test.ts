import { describe, expect, it } from "vitest";
import type { Catalog, CatalogMatch } from "../../../src/domain/catalog.js";
import { periodId } from "../../../src/domain/football/match/clock.js";
import { MAX_FIXTURE_ID_FOR_ODDS, oddId, oddIdParts } from "../../../src/domain/football/odds/odd-id.js";
import { fullOddId, localOddId } from "../../../src/domain/fixture/packed-odds.js";
import { seasonStartYear } from "../../../src/ingest/live-slate/season-name.js";
import {
  GENERATED_FIXTURE_ID_BASE,
  GeneratedFixtureIds,
  MAX_GENERATED_LEAGUES,
  MAX_SEASON_YEAR,
  MAX_TEAMS_PER_GENERATED_LEAGUE,
  generatedFixtureId,
} from "../../../src/ingest/synthetic/fixture-ids.js";
import { buildSyntheticCatalog } from "../../../src/ingest/synthetic/index.js";
import { SCALE_TEAMS_PER_LEAGUE, scaleLeagueSpec } from "../../../src/ingest/synthetic/scale.js";

const NOW = new Date("2026-03-14T15:47:12.345Z");
const TEAMS = SCALE_TEAMS_PER_LEAGUE;
const LARGEST = generatedFixtureId({
  league: MAX_GENERATED_LEAGUES,
  seasonYear: MAX_SEASON_YEAR,
  teams: MAX_TEAMS_PER_GENERATED_LEAGUE,
  home: MAX_TEAMS_PER_GENERATED_LEAGUE - 1,
  away: MAX_TEAMS_PER_GENERATED_LEAGUE - 2,
});
const SMALLEST = generatedFixtureId({ league: 1, seasonYear: 0, teams: 2, home: 0, away: 1 });

/** Calls `visit` with the id of every fixture of a 20-team double round-robin, league by league, then season, home, away. */
function eachId(leagues: Iterable<number>, years: Iterable<number>, visit: (id: number) => void): void {
  const yearList = [...years];
  for (const league of leagues) {
    for (const seasonYear of yearList) {
      for (let home = 0; home < TEAMS; home++) {
        for (let away = 0; away < TEAMS; away++) {
          if (home !== away) visit(generatedFixtureId({ league, seasonYear, teams: TEAMS, home, away }));
        }
      }
    }
  }
}

/** Counts the ids `eachId` visits and checks that each is above the one before (so all differ). */
function countRising(leagues: Iterable<number>, years: Iterable<number>): number {
  let previous = 0;
  let count = 0;
  eachId(leagues, years, (id) => {
    if (!(id > previous)) throw new Error(`id ${id} after ${previous}`);
    previous = id;
    count++;
  });
  return count;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

const generatedLeagueIds = (catalog: Catalog): Map<number, number> =>
  new Map(catalog.leagues.filter((l) => l.code.startsWith("syn")).map((l) => [l.id, Number(/^syn(\d+)\.1$/.exec(l.code)?.[1])]));

/** Each fixture by id: what it is (league and teams), without its date or status. */
const identities = (matches: readonly CatalogMatch[]): Map<number, string> =>
  new Map(matches.map((m) => [m.id, `${m.league_id}:${m.home_team_id}:${m.away_team_id}`]));

describe("generatedFixtureId", () => {
  it("writes league, season start year and team places in their own decimal digits", () => {
    expect(generatedFixtureId({ league: 12, seasonYear: 2025, teams: 20, home: 10, away: 17 })).toBe(2_000_122_025_217);
    expect(generatedFixtureId({ league: 1, seasonYear: 2026, teams: 20, home: 0, away: 1 })).toBe(2_000_012_026_001);
  });

  it("never repeats an id: 80,000 leagues x 380 fixtures (30.4M, a 30M catalogue without history) rise strictly", () => {
    expect(countRising(range(1, 80_000), [2025])).toBe(30_400_000);
  });

  it("never repeats an id across every season year, at the first and the last league numbers", () => {
    expect(countRising([1, 2, MAX_GENERATED_LEAGUES - 1, MAX_GENERATED_LEAGUES], range(0, MAX_SEASON_YEAR))).toBe(4 * 10_000 * 380);
  });

  it("keeps each part below the next one's step, for the largest team count", () => {
    const teams = MAX_TEAMS_PER_GENERATED_LEAGUE;
    const id = (league: number, seasonYear: number, home: number, away: number) => generatedFixtureId({ league, seasonYear, teams, home, away });
    expect(id(1, 0, teams - 1, teams - 2)).toBeLessThan(id(1, 1, 0, 1));
    expect(id(1, MAX_SEASON_YEAR, teams - 1, teams - 2)).toBeLessThan(id(2, 0, 0, 1));
  });

  it("stays above every hashed fixture id and leaves odd and period ids safe integers", () => {
    expect(SMALLEST).toBeGreaterThan(2 ** 40);
    expect(GENERATED_FIXTURE_ID_BASE).toBeGreaterThan(2 ** 40);
    expect(LARGEST).toBeLessThanOrEqual(MAX_FIXTURE_ID_FOR_ODDS);
    for (const fixtureId of [SMALLEST, LARGEST]) {
      const highest = oddId({ fixtureId, isLive: 1, bookmakerId: 5, marketId: 9, slot: 9 });
      expect(Number.isSafeInteger(highest)).toBe(true);
      expect(oddIdParts(highest)).toEqual({ fixtureId, isLive: 1, bookmakerId: 5, marketId: 9, slot: 9 });
      expect(fullOddId(localOddId(highest, fixtureId), fixtureId)).toBe(highest);
      const period = periodId(fixtureId, 5);
      expect(Number.isSafeInteger(period) && period % 10 === 5 && Math.floor(period / 10) === fixtureId).toBe(true);
    }
  });

  it("refuses parts outside their digits rather than overlap the next part", () => {
    const fixture = { league: 1, seasonYear: 2025, teams: 20, home: 0, away: 1 };
    expect(() => generatedFixtureId({ ...fixture, league: 0 })).toThrow(RangeError);
    expect(() => generatedFixtureId({ ...fixture, league: MAX_GENERATED_LEAGUES + 1 })).toThrow(RangeError);
    expect(() => generatedFixtureId({ ...fixture, seasonYear: -1 })).toThrow(RangeError);
    expect(() => generatedFixtureId({ ...fixture, seasonYear: MAX_SEASON_YEAR + 1 })).toThrow(RangeError);
    expect(() => generatedFixtureId({ ...fixture, teams: MAX_TEAMS_PER_GENERATED_LEAGUE + 1 })).toThrow(RangeError);
    expect(() => generatedFixtureId({ ...fixture, home: 20 })).toThrow(RangeError);
    expect(() => generatedFixtureId({ ...fixture, away: 0 })).toThrow(RangeError);
  });
});

describe("GeneratedFixtureIds", () => {
  it("reads the season's start year from its name and the teams' places from the league's list", () => {
    const ids = new GeneratedFixtureIds(7, [501, 502, 503]);
    expect(ids.season("2025/2026")({ home: 503, away: 501 })).toBe(generatedFixtureId({ league: 7, seasonYear: 2025, teams: 3, home: 2, away: 0 }));
    expect(ids.season("2025")({ home: 503, away: 501 })).toBe(ids.season("2025/2026")({ home: 503, away: 501 }));
    expect(() => ids.season("2025")({ home: 504, away: 501 })).toThrow(RangeError);
    expect(() => ids.season("Current")).toThrow(RangeError);
    expect(() => ids.season("-1/0")).toThrow(/season start year -1/);
  });
});

describe("seasonStartYear", () => {
  it("reads both season name styles", () => {
    expect(seasonStartYear("2025/2026")).toBe(2025);
    expect(seasonStartYear("2026")).toBe(2026);
    expect(() => seasonStartYear("2025/2027")).toThrow(RangeError);
  });
});

describe("synthetic catalogue fixture ids", () => {
  it("gives every generated fixture, past or current, its counted id, and the base part hashed ones", () => {
    const catalog = buildSyntheticCatalog({ now: NOW, leagues: 3, historySeasons: 2 });
    const numbers = generatedLeagueIds(catalog);
    const seasonNames = new Map(catalog.seasons.map((s) => [s.id, s.name]));
    const teamIds = new Map(catalog.teams.map((t) => [t.name, t.id]));
    const places = new Map<number, number>();
    for (const k of numbers.values()) scaleLeagueSpec(k).teams.forEach((team, place) => places.set(teamIds.get(team.name) as number, place));
    const generated = catalog.matches.filter((m) => numbers.has(m.league_id));
    expect(generated).toHaveLength(3 * 380 * 3);
    for (const m of generated) {
      const expected = generatedFixtureId({
        league: numbers.get(m.league_id) as number,
        seasonYear: seasonStartYear(seasonNames.get(m.season_id) as string),
        teams: TEAMS,
        home: places.get(m.home_team_id) as number,
        away: places.get(m.away_team_id) as number,
      });
      expect(m.id).toBe(expected);
    }
    for (const m of catalog.matches) if (!numbers.has(m.league_id)) expect(m.id).toBeLessThan(2 ** 40);
  });

  it("refuses a catalogue its ids have no room for, before it makes any fixture", () => {
    expect(() => buildSyntheticCatalog({ now: NOW, leagues: MAX_GENERATED_LEAGUES + 1 })).toThrow(/room for 700000/);
    expect(() => buildSyntheticCatalog({ now: NOW, leagues: 1, historySeasons: 2_100 })).toThrow(/season start year -75/);
  });

  it("keeps every id when history and leagues grow", () => {
    const small = buildSyntheticCatalog({ now: NOW, leagues: 2, historySeasons: 1 });
    const large = buildSyntheticCatalog({ now: NOW, leagues: 4, historySeasons: 3 });
    const before = identities(small.matches);
    const after = identities(large.matches);
    expect(after.size).toBe(large.matches.length);
    for (const [id, fixture] of before) expect(after.get(id)).toBe(fixture);
  });

  it("keeps a season's ids a year on, when the current season has become a past one", () => {
    const now = buildSyntheticCatalog({ now: NOW, leagues: 2, historySeasons: 2 });
    const later = buildSyntheticCatalog({ now: new Date("2027-03-13T15:47:12.345Z"), leagues: 2, historySeasons: 2 });
    const numbers = generatedLeagueIds(now);
    const stillThere = now.matches.filter((m) => numbers.has(m.league_id) && seasonStartYear(now.seasons.find((s) => s.id === m.season_id)?.name ?? "") >= 2024);
    expect(stillThere).toHaveLength(2 * 380 * 2);
    const after = identities(later.matches);
    for (const [id, fixture] of identities(stillThere)) expect(after.get(id)).toBe(fixture);
  });
});
