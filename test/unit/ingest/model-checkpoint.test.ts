import { describe, expect, it } from "vitest";
import type { Catalog } from "../../../src/domain/catalog.js";
import { catalogSource } from "../../../src/ingest/catalog-source.js";
import { outlineCatalog } from "../../../src/ingest/documents/catalog-outline.js";
import { CheckpointTaker, matchResults, plannedMatches, type PlanStep, type ResultStep, type WalkCheckpoint } from "../../../src/ingest/fixtures/match-plans.js";
import { nextCut } from "../../../src/ingest/kept-history/history-fingerprint.js";
import { keptInHistory } from "../../../src/ingest/fixtures/kept-in-history.js";
import { checkpointInstant, seasonsBefore } from "../../../src/ingest/kept-history/model-checkpoint.js";
import { runWalk } from "../../../src/ingest/walk.js";
import { mergeTaken } from "../../../src/ingest/fixture-workers/fixture-share.js";
import { seasonShares } from "../../../src/ingest/fixture-workers/season-shares.js";
import { MINI_LEAGUE, MINI_SEASONS, miniCatalog } from "../../support/mini-catalog.js";

const NOW = new Date("2026-11-25T12:00:00.000Z");
const LIVE_FROM = "2026-11-22T12:00:00.000Z";
const SPANNING = { id: 703, league_id: MINI_LEAGUE.id, name: "2025/2026", simulated: false, source: "test" };

/**
 * A kept season (past: it ends before the cut) with a postponed fixture before the checkpoint's
 * instant and one after it; a season that starts before the cut and ends after it (not kept: it
 * sets the instant); the simulated current season, in play (it sets the cut).
 */
function catalog(): Catalog {
  const base = miniCatalog([
    { id: 1, home: 11, away: 12, date_time: "2025-08-10T14:00:00.000Z", status: "FT", result: { ft: [1, 0] } },
    { id: 2, home: 13, away: 14, date_time: "2025-09-10T14:00:00.000Z", status: "FT", result: { ft: [2, 2] } },
    { id: 11, home: 12, away: 13, date_time: "2025-10-10T14:00:00.000Z", status: "POSTPONED" },
    { id: 3, home: 14, away: 12, date_time: "2025-11-25T14:00:00.000Z", status: "POSTPONED" },
    { id: 4, home: 14, away: 11, date_time: "2025-12-01T14:00:00.000Z", status: "FT", result: { ft: [0, 3] } },
    { id: 7, home: 15, away: 16, date_time: "2025-11-20T14:00:00.000Z", status: "FT", result: { ft: [3, 1] } },
    { id: 8, home: 16, away: 11, date_time: "2026-02-01T14:00:00.000Z", status: "POSTPONED" },
    { id: 9, home: 11, away: 15, date_time: "2026-03-01T14:00:00.000Z", status: "FT", result: { ft: [0, 0] } },
    { id: 5, home: 15, away: 12, date_time: "2026-01-15T14:00:00.000Z", status: "FT", season: "current" },
    { id: 10, home: 13, away: 16, date_time: "2026-06-01T14:00:00.000Z", status: "FT", season: "current" },
    { id: 6, home: 16, away: 14, date_time: "2026-11-28T14:00:00.000Z", status: "NOT_STARTED", season: "current" },
  ]);
  const spanning = new Set([7, 8, 9]);
  return {
    ...base,
    seasons: [...base.seasons, SPANNING],
    matches: base.matches.map((match) => (spanning.has(match.id) ? { ...match, season_id: SPANNING.id } : match)),
  };
}

const source = catalogSource(catalog());
const outline = runWalk(outlineCatalog(source, NOW));
const seasonCounts = new Map([...outline.seasons].map(([id, season]) => [id, season.count]));
const cut = nextCut([MINI_SEASONS.current.id], outline.seasons, LIVE_FROM);
const kept = new Set(seasonsBefore(cut, outline.seasons));

/** The fixtures a walk plans, as JSON (what their documents are built from). */
function planned(steps: Iterable<PlanStep>): Map<number, string> {
  const plans = new Map<number, string>();
  for (const step of steps) if (step.kind === "match") plans.set(step.match.id, JSON.stringify({ plan: step.plan, outcome: step.outcome }));
  return plans;
}

function takenFromStart(): { checkpoint: WalkCheckpoint; plans: Map<number, string> } {
  const take = new CheckpointTaker(checkpointInstant(cut, outline.seasons), kept);
  const plans = planned(plannedMatches(source, seasonCounts, NOW, { take }));
  // Stored as JSON: every double comes back as it was.
  return { checkpoint: JSON.parse(JSON.stringify(take.taken)) as WalkCheckpoint, plans };
}

describe("a walk resumed at a model checkpoint", () => {
  it("takes the checkpoint at the first kick-off of a season that does not end before the cut", () => {
    expect(cut).toBe("2026-01-15T14:00:00.000Z");
    expect([...kept]).toEqual([MINI_SEASONS.past.id]);
    const { checkpoint } = takenFromStart();
    expect(checkpoint.instant).toBe("2025-11-20T14:00:00.000Z");
    // The kept season's fixtures a kept history does not hold, before the instant and after it.
    expect(checkpoint.plans.map(([id]) => id).sort((a, b) => a - b)).toEqual([3, 11]);
    expect(checkpoint.model.ratings.length).toBeGreaterThan(0);
  });

  it("plans every fixture a kept history does not hold as the walk from the start does", () => {
    const { checkpoint, plans } = takenFromStart();
    const resumed = planned(plannedMatches(source, seasonCounts, NOW, { resume: { checkpoint, kept } }));
    const byId = new Map([...source.matches()].map((match) => [match.id, match]));
    const expected = new Map([...plans].filter(([id]) => !keptInHistory(byId.get(id)!, kept)));
    expect([...resumed.keys()].sort((a, b) => a - b)).toEqual([3, 5, 6, 7, 8, 9, 10, 11]);
    expect(resumed).toEqual(expected);
  });

  it("takes the same checkpoint again when resumed at it, and none for an instant it started after", () => {
    const { checkpoint } = takenFromStart();
    const again = new CheckpointTaker(checkpoint.instant, kept);
    runWalk((function* () { for (const _ of plannedMatches(source, seasonCounts, NOW, { resume: { checkpoint, kept }, take: again })) yield; })());
    expect(JSON.parse(JSON.stringify(again.taken))).toEqual(checkpoint);
    const earlier = new CheckpointTaker("2025-09-01T00:00:00.000Z", new Set());
    for (const _ of plannedMatches(source, seasonCounts, NOW, { resume: { checkpoint, kept }, take: earlier }));
    expect(earlier.taken).toBeNull();
  });

  it("refuses a checkpoint that lacks the plan of a kept season's fixture it has to build", () => {
    const { checkpoint } = takenFromStart();
    const without = { ...checkpoint, plans: checkpoint.plans.filter(([id]) => id !== 3) };
    expect(() => [...plannedMatches(source, seasonCounts, NOW, { resume: { checkpoint: without, kept } })]).toThrow(/fixture 3: the checkpoint has no plan/);
  });

  it("reads the source from the instant on, and fails when it does not give a fixture the checkpoint planned", () => {
    const { checkpoint } = takenFromStart();
    const asked: Array<{ instant: string; before: number[] } | undefined> = [];
    const watched = { ...source, matches: (from?: { instant: string; before: ReadonlySet<number> }) => (asked.push(from && { instant: from.instant, before: [...from.before].sort((a, b) => a - b) }), source.matches(from)) };
    for (const _ of matchResults(watched, seasonCounts, NOW, { resume: { checkpoint, kept } }));
    expect(asked).toEqual([{ instant: "2025-11-20T14:00:00.000Z", before: [3, 11] }]);
    const extra = { ...checkpoint, plans: [...checkpoint.plans, [999, checkpoint.plans[0]![1]] as [number, (typeof checkpoint.plans)[0][1]]] };
    expect(() => [...plannedMatches(source, seasonCounts, NOW, { resume: { checkpoint: extra, kept } })]).toThrow(/the source gave 2 of the 3 fixtures the checkpoint planned/);
  });
});

describe("the results walk (the tables')", () => {
  /** Each fixture's table goals and each season's end, in walk order, leaving out the kept seasons' fixtures (the tables keep their rows). */
  const ofPlans = (steps: Iterable<PlanStep>, leftOut: ReadonlySet<number> = new Set()) =>
    [...steps].flatMap((step) =>
      step.kind === "match" ? (leftOut.has(step.match.season_id) ? [] : [`${step.match.id}: ${JSON.stringify(step.plan.tableGoals)}`]) : step.kind === "season-end" ? [`end of ${step.seasonId}`] : [],
    );
  const ofResults = (steps: Iterable<ResultStep>) =>
    [...steps].flatMap((step) => (step.kind === "result" ? [`${step.match.id}: ${JSON.stringify(step.tableGoals)}`] : step.kind === "season-end" ? [`end of ${step.seasonId}`] : []));

  it("gives the planning walk's table goals and season ends, from the start and resumed at a checkpoint", () => {
    const fromStart = ofResults(matchResults(source, seasonCounts, NOW));
    expect(fromStart).toEqual(ofPlans(plannedMatches(source, seasonCounts, NOW)));
    // Real results, a simulated season played by its clock, fixtures that were not played, every season's end.
    expect(fromStart).toEqual(expect.arrayContaining(['1: {"home":1,"away":0}', "3: null", "6: null", `end of ${SPANNING.id}`, `end of ${MINI_SEASONS.current.id}`]));
    expect(fromStart.find((line) => line.startsWith("5: "))).toMatch(/^5: \{"home":\d+,"away":\d+\}$/);

    const resume = { checkpoint: takenFromStart().checkpoint, kept };
    const resumed = ofResults(matchResults(source, seasonCounts, NOW, { resume }));
    expect(resumed).toEqual(ofPlans(plannedMatches(source, seasonCounts, NOW, { resume }), kept));
    expect(resumed.length).toBeGreaterThan(0);
  });
});

describe("a walk split into shares of the seasons (fixture workers)", () => {
  const everySeason = new Map([...seasonCounts, [SPANNING.id, seasonCounts.get(SPANNING.id) ?? 0]]);

  it("plans, from the start and resumed, every fixture exactly once across the shares, as the one walk does", () => {
    const { checkpoint, plans } = takenFromStart();
    const resume = { checkpoint, kept };
    const whole = planned(plannedMatches(source, seasonCounts, NOW, { resume }));
    for (const workers of [2, 3]) {
      const shares = seasonShares(everySeason, workers);
      expect(shares.flat().sort((a, b) => a - b)).toEqual([...everySeason.keys()].sort((a, b) => a - b));
      const fromStart = shares.map((own) => planned(plannedMatches(source, seasonCounts, NOW, { own: new Set(own) })));
      expect(new Map(fromStart.flatMap((part) => [...part]))).toEqual(plans);
      expect(fromStart.reduce((sum, part) => sum + part.size, 0)).toBe(plans.size);
      const resumed = shares.map((own) => planned(plannedMatches(source, seasonCounts, NOW, { resume, own: new Set(own) })));
      expect(new Map(resumed.flatMap((part) => [...part]))).toEqual(whole);
      expect(resumed.reduce((sum, part) => sum + part.size, 0)).toBe(whole.size);
    }
  });

  it("takes together the checkpoint the one walk takes", () => {
    const { checkpoint } = takenFromStart();
    for (const workers of [2, 3]) {
      const taken = seasonShares(everySeason, workers).map((own) => {
        const take = new CheckpointTaker(checkpointInstant(cut, outline.seasons), kept);
        for (const _ of plannedMatches(source, seasonCounts, NOW, { take, own: new Set(own) }));
        return take.taken;
      });
      // Each share took the plans of its own seasons only.
      const seasonOf = new Map([...source.matches()].map((match) => [match.id, match.season_id]));
      seasonShares(everySeason, workers).forEach((own, i) => {
        for (const [id] of taken[i]!.plans) expect(own).toContain(seasonOf.get(id));
      });
      expect(JSON.parse(JSON.stringify(mergeTaken(taken)))).toEqual(checkpoint);
    }
    expect(mergeTaken([checkpoint, null])).toBeNull();
    const otherModel = { ...checkpoint, model: { ...checkpoint.model, ratings: checkpoint.model.ratings.slice(1) } };
    expect(() => mergeTaken([checkpoint, otherModel])).toThrow(/different models at the checkpoint/);
  });
});
