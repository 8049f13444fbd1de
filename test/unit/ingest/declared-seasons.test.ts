import { describe, expect, it } from "vitest";
import { outlineCatalog } from "../../../src/ingest/documents/catalog-outline.js";
import { sameOutline } from "../../../src/ingest/documents/season-outline.js";
import { seasonSummaries } from "../../../src/ingest/documents/season-summaries.js";
import { keptInHistory } from "../../../src/ingest/fixtures/kept-in-history.js";
import { historyAtCut, nextCut } from "../../../src/ingest/kept-history/history-fingerprint.js";
import { seasonsBefore } from "../../../src/ingest/kept-history/model-checkpoint.js";
import { syntheticCatalogSource } from "../../../src/ingest/synthetic/index.js";
import { runWalk } from "../../../src/ingest/walk.js";

const NOW = new Date("2026-11-25T12:00:00.000Z");
const LIVE_FROM = "2026-11-22T12:00:00.000Z";

/**
 * A generated league's settled past seasons are described by the synthetic source without making
 * their matches (`declared`): the outline and the history fingerprint read only the rest, so a
 * nightly rebuild's reads do not grow with history. What is declared must be what the matches say.
 */
describe("the synthetic source's declared seasons", () => {
  const source = syntheticCatalogSource({ now: NOW, leagues: 3, historySeasons: 3 });
  /** The outline as it was before declarations: every match walked (each declared season's made, and checked against its declaration). */
  const walked = runWalk(outlineCatalog({ undeclaredMatches: () => source.matches(), declared: new Map() }, NOW));
  const outline = runWalk(outlineCatalog(source, NOW));

  it("declares every generated past season, and the outline from them is the one every match gives", () => {
    expect(source.declared.size).toBe(9);
    expect([...source.undeclaredMatches()].length).toBe(walked.fixtureCount - 9 * 380);
    expect(outline.fixtureCount).toBe(walked.fixtureCount);
    expect(outline.inPlay).toBe(walked.inPlay);
    expect([...outline.seasons.keys()].sort()).toEqual([...walked.seasons.keys()].sort());
    for (const [id, season] of walked.seasons) expect(sameOutline(outline.seasons.get(id)!, season), `season ${id}`).toBe(true);
    const sortedLeagues = (o: typeof outline) => [...o.leagueIdsByTeam].map(([team, leagues]) => [team, [...leagues].sort()]).sort(([a], [b]) => Number(a) - Number(b));
    expect(sortedLeagues(outline)).toEqual(sortedLeagues(walked));
  });

  it("fingerprints history without making a declared season, and counts what a kept history holds as the matches do", () => {
    const inPlay = [...outline.seasons].filter(([, season]) => season.last !== null && season.last >= LIVE_FROM).map(([id]) => id);
    const cut = nextCut(inPlay, outline.seasons, LIVE_FROM);
    const summaries = seasonSummaries(source.seasons, outline.seasons);
    // Neither the outline nor the fingerprint may make a declared season's matches.
    const declaredMade: number[] = [];
    const watched = {
      ...source,
      matches: () => { throw new Error("the fingerprint read every match"); },
      undeclaredMatches: function* () {
        for (const match of source.undeclaredMatches()) {
          if (source.declared.has(match.season_id)) declaredMade.push(match.id);
          yield match;
        }
      },
    };
    runWalk(outlineCatalog(watched, NOW));
    const at = runWalk(historyAtCut({ source: watched, outlines: outline.seasons, summaries, salt: "code" }, cut));
    expect(declaredMade).toEqual([]);
    const kept = new Set(seasonsBefore(cut, outline.seasons));
    expect(at.seasons.length).toBeGreaterThan(9);
    expect(at.fixtureCount).toBe([...source.matches()].filter((match) => keptInHistory(match, kept)).length);
    expect(runWalk(historyAtCut({ source, outlines: outline.seasons, summaries, salt: "code" }, cut)).fingerprint).toBe(at.fingerprint);
    // Another history depth: the declared seasons differ, and so does the fingerprint.
    const deeper = syntheticCatalogSource({ now: NOW, leagues: 3, historySeasons: 4 });
    const deeperOutline = runWalk(outlineCatalog(deeper, NOW));
    const deeperAt = runWalk(historyAtCut({ source: deeper, outlines: deeperOutline.seasons, summaries: seasonSummaries(deeper.seasons, deeperOutline.seasons), salt: "code" }, cut));
    expect(deeperAt.fingerprint).not.toBe(at.fingerprint);
  });
});
