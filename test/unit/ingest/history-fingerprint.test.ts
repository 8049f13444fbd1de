import { describe, expect, it } from "vitest";
import type { Catalog, CatalogMatch } from "../../../src/domain/catalog.js";
import { catalogSource } from "../../../src/ingest/catalog-source.js";
import { outlineCatalog } from "../../../src/ingest/documents/catalog-outline.js";
import { seasonSummaries } from "../../../src/ingest/documents/season-summaries.js";
import { historyAtCut, nextCut, type HistoryAtCut } from "../../../src/ingest/kept-history/history-fingerprint.js";
import { keptInHistory } from "../../../src/ingest/fixtures/kept-in-history.js";
import { runWalk } from "../../../src/ingest/walk.js";
import { miniCatalog, MINI_SEASONS } from "../../support/mini-catalog.js";

const NOW = new Date("2026-11-25T12:00:00.000Z");
const CUT = "2026-01-01T00:00:00.000Z";

/** Past season: three settled fixtures and a postponed one, all before the cut; current season: one before the cut, one after. */
function catalog(change: (match: CatalogMatch) => CatalogMatch = (match) => match): Catalog {
  const base = miniCatalog([
    { id: 1, home: 11, away: 12, date_time: "2025-08-10T14:00:00.000Z", status: "FT", result: { ft: [1, 0] } },
    { id: 2, home: 13, away: 14, date_time: "2025-09-10T14:00:00.000Z", status: "FT", result: { ft: [2, 2] } },
    { id: 3, home: 12, away: 13, date_time: "2025-10-10T14:00:00.000Z", status: "POSTPONED" },
    { id: 4, home: 14, away: 11, date_time: "2025-11-10T14:00:00.000Z", status: "FT", result: { ft: [0, 3] } },
    { id: 5, home: 15, away: 16, date_time: "2025-12-20T14:00:00.000Z", status: "FT", season: "current" },
    { id: 6, home: 16, away: 15, date_time: "2026-11-28T14:00:00.000Z", status: "NOT_STARTED", season: "current" },
  ]);
  return { ...base, matches: base.matches.map(change) };
}

function at(source: Catalog, cut = CUT, salt = "code"): HistoryAtCut {
  const streamed = catalogSource(source);
  const outline = runWalk(outlineCatalog(streamed, NOW));
  const summaries = seasonSummaries(streamed.seasons, outline.seasons);
  return runWalk(historyAtCut({ source: streamed, outlines: outline.seasons, summaries, salt }, cut));
}

describe("the history a nightly rebuild keeps", () => {
  it("keeps the seasons wholly before the cut, and of them the fixtures their source calls settled", () => {
    const kept = at(catalog());
    expect(kept.seasons).toEqual([MINI_SEASONS.past.id]);
    expect(kept.fixtureCount).toBe(3);
    const seasons = new Set(kept.seasons);
    expect(keptInHistory({ season_id: MINI_SEASONS.past.id, status: "FT" }, seasons)).toBe(true);
    expect(keptInHistory({ season_id: MINI_SEASONS.past.id, status: "POSTPONED" }, seasons)).toBe(false);
    expect(keptInHistory({ season_id: MINI_SEASONS.current.id, status: "FT" }, seasons)).toBe(false);
  });

  it("changes its fingerprint with any match before the cut (of any season), what those matches name, the salt, and with nothing after the cut", () => {
    const base = at(catalog()).fingerprint;
    expect(at(catalog()).fingerprint).toBe(base);
    expect(at(catalog((m) => (m.id === 2 ? { ...m, result: { ft: [2, 3] } } : m))).fingerprint).not.toBe(base);
    expect(at(catalog((m) => (m.id === 3 ? { ...m, status: "FT", result: { ft: [0, 0] } } : m))).fingerprint).not.toBe(base);
    // A fixture of the season in play, before the cut: it feeds the model the kept fixtures were not priced with, but is walked before them.
    expect(at(catalog((m) => (m.id === 5 ? { ...m, home_team_id: 14 } : m))).fingerprint).not.toBe(base);
    expect(at(catalog(), CUT, "other code").fingerprint).not.toBe(base);
    // The season in play's own record (how its matches are played) and its league (a new team's rating).
    const replayed = catalog();
    replayed.seasons = replayed.seasons.map((season) => (season.id === MINI_SEASONS.current.id ? { ...season, simulated: false } : season));
    expect(at(replayed).fingerprint).not.toBe(base);
    const relevelled = catalog();
    relevelled.leagues = relevelled.leagues.map((league) => ({ ...league, level: 2 }));
    expect(at(relevelled).fingerprint).not.toBe(base);
    const renamed = catalog();
    renamed.teams = renamed.teams.map((team) => (team.id === 11 ? { ...team, name: "Arsenal" } : team));
    expect(at(renamed).fingerprint).not.toBe(base);
    expect(at(catalog((m) => (m.id === 6 ? { ...m, date_time: "2026-11-29T14:00:00.000Z" } : m))).fingerprint).toBe(base);
  });

  it("cuts at the first kick-off of the earliest season in play, liveHours before now at the latest", () => {
    const outline = runWalk(outlineCatalog(catalogSource(catalog()), NOW));
    expect(nextCut([MINI_SEASONS.current.id], outline.seasons, "2026-11-22T12:00:00.000Z")).toBe("2025-12-20T14:00:00.000Z");
    expect(nextCut([], outline.seasons, "2026-11-22T12:00:00.000Z")).toBe("2026-11-22T12:00:00.000Z");
  });
});
