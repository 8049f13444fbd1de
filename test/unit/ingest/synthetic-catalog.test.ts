import { describe, expect, it } from "vitest";
import { FIXTURE_STATUSES } from "../../../src/domain/types/statuses.js";
import type { Catalog } from "../../../src/domain/catalog.js";
import { buildSyntheticCatalog } from "../../../src/ingest/synthetic/index.js";
import { GENERATED_FIXTURE_ID_BASE } from "../../../src/ingest/synthetic/fixture-ids.js";
import { REGIONS } from "../../../src/ingest/synthetic/regions.js";
import { fold } from "../../../src/domain/text/fold.js";

const NOW = new Date("2026-03-14T15:47:12.345Z");
const LANGUAGES = ["en", "de", "es", "fr", "it", "pt", "nl"];
const base = buildSyntheticCatalog({ now: NOW });

function expectIntegrity(catalog: Catalog): void {
  const unique = (ids: Array<number | string>) => expect(new Set(ids).size).toBe(ids.length);
  unique(catalog.countries.map((c) => c.id));
  unique(catalog.leagues.map((l) => l.id));
  unique(catalog.seasons.map((s) => s.id));
  unique(catalog.teams.map((t) => t.id));
  unique(catalog.matches.map((m) => m.id));
  unique(catalog.leagues.map((l) => l.code));
  const countries = new Set(catalog.countries.map((c) => c.id));
  const leagues = new Set(catalog.leagues.map((l) => l.id));
  const teams = new Set(catalog.teams.map((t) => t.id));
  const seasonLeague = new Map(catalog.seasons.map((s) => [s.id, s.league_id]));
  const generated = new Set(catalog.leagues.filter((l) => l.code.startsWith("syn")).map((l) => l.id));
  for (const league of catalog.leagues) expect(countries.has(league.country_id)).toBe(true);
  for (const team of catalog.teams) expect(countries.has(team.country_id)).toBe(true);
  for (const season of catalog.seasons) expect(leagues.has(season.league_id)).toBe(true);
  for (const m of catalog.matches) {
    expect(seasonLeague.get(m.season_id)).toBe(m.league_id);
    expect(teams.has(m.home_team_id) && teams.has(m.away_team_id)).toBe(true);
    expect(m.home_team_id).not.toBe(m.away_team_id);
    if (generated.has(m.league_id)) expect(m.id).toBeGreaterThanOrEqual(GENERATED_FIXTURE_ID_BASE);
    else expect(m.id).toBeLessThan(2 ** 40);
  }
}

describe("buildSyntheticCatalog", () => {
  it("is deterministic for the same now", () => {
    expect(buildSyntheticCatalog({ now: new Date(NOW) })).toEqual(base);
  });

  it("keeps referential integrity with unique ids", () => {
    expectIntegrity(base);
  });

  it("holds a few thousand fixtures in a handful of leagues with 8 to 20 teams each", () => {
    expect(base.matches.length).toBeGreaterThan(2_000);
    expect(base.matches.length).toBeLessThan(6_000);
    expect(base.leagues.map((l) => [l.code, l.level])).toEqual([
      ["en.1", 1], ["es.1", 1], ["de.1", 1], ["de.2", 2], ["br.1", 1], ["uefa.cl", 1],
    ]);
    for (const league of base.leagues) {
      const teams = new Set(
        base.matches.filter((m) => m.league_id === league.id).flatMap((m) => [m.home_team_id, m.away_team_id]),
      );
      expect(teams.size).toBeGreaterThanOrEqual(8);
      expect(teams.size).toBeLessThanOrEqual(20);
    }
  });

  it("uses every catalog status; other in-play statuses come from the simulator", () => {
    const statuses = new Set(base.matches.map((m) => m.status));
    expect([...statuses].sort()).toEqual(
      ["ABANDONED", "AWARDED", "CANCELLED", "FT", "INPLAY_1ST_HALF", "NOT_STARTED", "NO_RESULT", "POSTPONED"].sort(),
    );
    for (const status of statuses) expect(FIXTURE_STATUSES).toContain(status);
  });

  it("gives results only to awarded matches (3-0), every season being simulated", () => {
    expect(base.seasons.every((s) => s.simulated)).toBe(true);
    for (const m of base.matches) {
      if (m.status === "AWARDED") expect(m.result).toEqual({ ft: [3, 0] });
      else expect(m.result).toBeUndefined();
    }
  });

  it("gives every league two past seasons and the domestic level-1 leagues a current one around now", () => {
    const now = NOW.getTime();
    for (const league of base.leagues) {
      const seasons = base.seasons.filter((s) => s.league_id === league.id);
      const past = seasons.filter((s) => s.source === "synthetic");
      expect(past).toHaveLength(2);
      for (const season of past) {
        expect(base.matches.filter((m) => m.season_id === season.id).every((m) => Date.parse(m.date_time) < now)).toBe(true);
      }
      const current = seasons.filter((s) => s.source === "simulated");
      expect(current).toHaveLength(league.level === 1 && league.code !== "uefa.cl" ? 1 : 0);
    }
    expect(base.matches.filter((m) => m.status === "INPLAY_1ST_HALF").length).toBeGreaterThanOrEqual(10);
  });

  it("never overlaps two seasons of one league", () => {
    for (const league of base.leagues) {
      const spans = base.seasons
        .filter((s) => s.league_id === league.id)
        .map((s) => {
          const times = base.matches.filter((m) => m.season_id === s.id).map((m) => Date.parse(m.date_time));
          return [Math.min(...times), Math.max(...times)] as const;
        })
        .sort((a, b) => a[0] - b[0]);
      for (let i = 1; i < spans.length; i++) expect(spans[i]?.[0]).toBeGreaterThan(spans[i - 1]?.[1] ?? 0);
    }
  });

  it("plays the cup in groups A to D of four, then a knockout stage", () => {
    const cup = base.leagues.find((l) => l.code === "uefa.cl");
    const season = base.seasons.find((s) => s.league_id === cup?.id);
    const matches = base.matches.filter((m) => m.season_id === season?.id);
    const groupMatches = matches.filter((m) => m.stage?.name === "Group Stage");
    const groups = new Map<string, Set<number>>();
    for (const m of groupMatches) {
      expect(m.group).not.toBeNull();
      expect(m.knockout).toBe(false);
      const teams = groups.get(m.group?.name ?? "") ?? new Set<number>();
      teams.add(m.home_team_id).add(m.away_team_id);
      groups.set(m.group?.name ?? "", teams);
    }
    expect([...groups.keys()].sort()).toEqual(["Group A", "Group B", "Group C", "Group D"]);
    for (const teams of groups.values()) expect(teams.size).toBe(4);
    expect(groupMatches).toHaveLength(48);
    const knockout = matches.filter((m) => m.stage?.name === "Knockout");
    expect(knockout.map((m) => m.round)).toEqual([
      "Quarter-finals", "Quarter-finals", "Quarter-finals", "Quarter-finals", "Semi-finals", "Semi-finals", "Final",
    ]);
    expect(knockout.every((m) => m.knockout && m.group === null)).toBe(true);
    const lastGroupMatch = Math.max(...groupMatches.map((m) => Date.parse(m.date_time)));
    expect(knockout.every((m) => Date.parse(m.date_time) > lastGroupMatch)).toBe(true);
  });

  it("names entities in several languages, with accents for search folding", () => {
    for (const country of base.countries) expect(Object.keys(country.names).sort()).toEqual([...LANGUAGES].sort());
    expect(base.countries.find((c) => c.alpha3 === "EUR")?.region).toEqual(REGIONS.Europe);
    expect(base.countries.find((c) => c.alpha3 === "BRA")?.region).toEqual(REGIONS["South America"]);
    expect(base.leagues.filter((l) => Object.keys(l.names).length > 1).length).toBeGreaterThanOrEqual(4);
    expect(base.teams.filter((t) => Object.keys(t.names).length > 1).length).toBeGreaterThanOrEqual(4);
    const accented = base.teams.filter((t) => fold(t.name) !== t.name.toLowerCase());
    expect(accented.map((t) => t.name)).toEqual(expect.arrayContaining(["Atlético Valdemora", "FC München 1899", "SV Köln-Deutz"]));
    for (const team of base.teams) {
      expect(team.alternate_names.length).toBeGreaterThanOrEqual(1);
      expect(team.alternate_names.length).toBeLessThanOrEqual(3);
      expect(team.names.en).toBe(team.name);
      expect(team.short_code).toMatch(/^[A-Z0-9]{3}$/);
    }
    expect(base.leagues.filter((l) => l.popular).map((l) => l.code)).toEqual(["en.1", "es.1", "de.1", "uefa.cl"]);
  });

  it("reaches at least N fixtures with scale: N, keeping the base part and its rules", () => {
    const scaled = buildSyntheticCatalog({ now: NOW, scale: 20_000 });
    expect(scaled.matches.length).toBeGreaterThanOrEqual(20_000);
    expect(scaled.matches.length).toBeLessThan(20_000 + 2_000);
    expectIntegrity(scaled);
    expect(scaled.leagues.map((l) => l.name)).toContain("Synthetic League 8");
    const baseIds = new Set(base.matches.filter((m) => m.status !== "INPLAY_1ST_HALF" && m.status !== "NOT_STARTED").map((m) => m.id));
    const scaledIds = new Set(scaled.matches.map((m) => m.id));
    for (const id of baseIds) expect(scaledIds.has(id)).toBe(true);
    const live = scaled.matches.filter((m) => m.status === "INPLAY_1ST_HALF").length;
    expect(live).toBeGreaterThanOrEqual(10);
    expect(live).toBeLessThanOrEqual(20);
  });

  it("grows history at a fixed number of leagues: leagues L and historySeasons K give L x 380 x (K + 1) more fixtures", () => {
    const short = buildSyntheticCatalog({ now: NOW, leagues: 2, historySeasons: 1 });
    const long = buildSyntheticCatalog({ now: NOW, leagues: 2, historySeasons: 6 });
    expect(short.matches.length - base.matches.length).toBe(2 * 380 * 2);
    expect(long.matches.length - base.matches.length).toBe(2 * 380 * 7);
    expect(long.leagues.length).toBe(short.leagues.length);
    expectIntegrity(long);
    const kickoffs = long.matches.map((m) => `${m.date_time}:${String(m.id).padStart(14, "0")}`);
    expect(kickoffs).toEqual([...kickoffs].sort());
  });
});
