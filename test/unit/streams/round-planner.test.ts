import { describe, expect, it } from "vitest";
import { HistoryPool } from "../../../src/streams/history-pool.js";
import { planRound, type PlannerOptions } from "../../../src/streams/round-planner.js";
import { StandingQuery, type StandingQuerySpec } from "../../../src/streams/standing-query.js";
import type { Subscriber } from "../../../src/streams/subscriber.js";

const OPTIONS: PlannerOptions = { refreshMs: 30_000, checkEveryMs: 1_000, snapshotsPerRound: 2 };
const NOW = 1_000_000;

function query(id: string, request: StandingQuerySpec["request"] = () => ({ index: "f", query: { term: { id } } })): StandingQuery {
  const spec: StandingQuerySpec = { key: id, request, present: () => [], peek: () => undefined, presentation: "p" };
  return new StandingQuery(id, spec, 10, new HistoryPool(1_000), 0);
}

/** A query that holds a trusted membership and a subscriber, last read in full at `lastFullAt`. */
function settled(id: string, lastFullAt = NOW): StandingQuery {
  const q = query(id);
  q.needsFull = false;
  q.lastFullAt = lastFullAt;
  q.subscribers.add({} as Subscriber);
  return q;
}

function waiting(id: string): StandingQuery {
  const q = query(id);
  q.waiting.push({} as Subscriber);
  return q;
}

const ids = (asks: ReadonlyArray<{ query: StandingQuery }>) => asks.map((ask) => ask.query.id);

describe("planRound", () => {
  it("reads snapshots for waiting queries (a bounded number per round) and asks every settled query about the changes", () => {
    const plan = planRound([waiting("w1"), settled("s1"), waiting("w2"), waiting("w3"), settled("s2")], { changed: true, checkRound: false, now: NOW }, OPTIONS);
    expect(ids(plan.snapshots)).toEqual(["w1", "w2"]);
    expect(ids(plan.changes)).toEqual(["s1", "s2"]);
    expect(plan.checks).toEqual([]);
  });

  it("fails only the query whose request cannot be built: the others are planned", () => {
    const broken = query("broken", () => {
      throw new Error("builder bug");
    });
    broken.needsFull = false;
    broken.subscribers.add({} as Subscriber);
    const plan = planRound([settled("s1"), broken, settled("s2")], { changed: true, checkRound: true, now: NOW }, OPTIONS);
    expect(ids(plan.changes)).toEqual(["s1", "s2"]);
    expect(plan.failed.map(({ query, error }) => [query.id, error.message])).toEqual([["broken", "builder bug"]]);
  });

  it("checks a window whose next clock edge has come whatever the budget, and only then", () => {
    const windowed = (id: string, nextEdgeAt: number) => {
      const q = query(id, (at) => ({ index: "f", query: { range: { date_time: { gte: at.toISOString() } } } }));
      q.spec.clockEdges = () => [];
      q.needsFull = false;
      q.lastFullAt = NOW - 1_000;
      q.nextEdgeAt = nextEdgeAt;
      q.subscribers.add({} as Subscriber);
      return q;
    };
    const queries = [settled("old", NOW - 40_000), windowed("edge-passed", NOW - 10), windowed("edge-ahead", NOW + 5_000), windowed("edge-now", NOW), windowed("none", Number.POSITIVE_INFINITY)];
    const plan = planRound(queries, { changed: false, checkRound: true, now: NOW }, OPTIONS);
    // A budget of 1: the longest unchecked, then the windows whose edge came.
    expect(ids(plan.checks)).toEqual(["old", "edge-passed", "edge-now"]);
    expect(planRound(queries, { changed: false, checkRound: false, now: NOW }, OPTIONS).checks).toEqual([]);
  });

  it("checks the longest unchecked queries first, as many as keep each checked every refreshMs, and any overdue by twice that", () => {
    const queries = [settled("fresh", NOW - 1_000), settled("old", NOW - 40_000), settled("older", NOW - 50_000), settled("overdue", NOW - 70_000)];
    const budget = planRound(queries, { changed: false, checkRound: true, now: NOW }, { ...OPTIONS, refreshMs: 30_000, checkEveryMs: 1_000 });
    // 4 queries x 1 s / 30 s rounds up to 1 check per round, plus the overdue one.
    expect(ids(budget.checks)).toEqual(["overdue"]);
    const wide = planRound(queries, { changed: false, checkRound: true, now: NOW }, { ...OPTIONS, checkEveryMs: 20_000 });
    expect(ids(wide.checks)).toEqual(["overdue", "older", "old"]);
    expect(planRound(queries, { changed: false, checkRound: false, now: NOW }, OPTIONS).checks).toEqual([]);
  });

  it("leaves idle queries that need a full read for when someone comes back", () => {
    const idle = query("idle");
    const plan = planRound([idle], { changed: true, checkRound: true, now: NOW }, OPTIONS);
    expect(plan.snapshots).toEqual([]);
    expect(plan.changes).toEqual([]);
  });
});
