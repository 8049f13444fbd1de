import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveSimulator, type AppliedUpdate, type UpdatePhase } from "../../src/live/simulator.js";
import { loadCatalog, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * Each live write carries its update's mark (change key and match second) in the stored
 * fixture, so a second simulator on the same data (a successor writer, or a writer that lost
 * its lease and still runs) neither applies an update again nor writes an earlier state over a
 * later one: even two simulators stepping the same instants at once write each update once.
 * The clock is stepped here one match minute at a time, as in live-simulator.test.ts.
 */
const MINUTE = 60_000;
const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const IDS = [1, 2, 3, 4];

let env: TestEnv;

/** A simulator on the shared data that records the updates it applies. */
function simulator(applied: Array<AppliedUpdate & { by: string }>, by: string): LiveSimulator {
  return new LiveSimulator(env.es, env.deps.indices, {
    startAt: start,
    onUpdate: (update: AppliedUpdate, phase: UpdatePhase) => {
      if (phase === "applied") applied.push({ ...update, by });
    },
  });
}

function duplicates(applied: ReadonlyArray<AppliedUpdate>): string[] {
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const update of applied) {
    const id = `${update.fixtureId} ${update.key}`;
    if (seen.has(id)) twice.push(id);
    seen.add(id);
  }
  return twice;
}

beforeAll(async () => {
  env = await startTestEnv();
  await loadCatalog(
    env,
    miniCatalog(IDS.map((id, i) => ({ id, home: 11 + i, away: 16 - i, date_time: at(1).toISOString(), status: "NOT_STARTED" as const, season: "current" as const }))),
    start,
  );
}, 120_000);

afterAll(async () => {
  await env?.close();
});

describe("the live feed's update marks", () => {
  it("let a successor go on from the stored updates: it writes the next one, never one already applied", async () => {
    const applied: Array<AppliedUpdate & { by: string }> = [];
    const first = simulator(applied, "first");
    for (let minute = 0; minute <= 10; minute++) await first.step(at(minute));
    const byFirst = applied.length;
    expect(byFirst).toBeGreaterThan(IDS.length);
    for (const id of IDS) {
      const mark = (await env.storedFixture(id)).simulation?.last_update;
      expect(mark?.key).toBe(applied.filter((update) => update.fixtureId === id).at(-1)?.key);
    }

    // The successor at the same instant: every fixture's update is already applied.
    const successor = simulator(applied, "successor");
    const same = await successor.step(at(10));
    expect(same.written).toBe(0);
    expect(applied).toHaveLength(byFirst);
    // A minute on, it writes each fixture's next update, once.
    const next = await successor.step(at(11));
    expect(next.written).toBe(IDS.length);
    expect(duplicates(applied)).toEqual([]);
  });

  it("let two simulators stepping the same instants at once apply each update once", async () => {
    const applied: Array<AppliedUpdate & { by: string }> = [];
    const [one, two] = [simulator(applied, "one"), simulator(applied, "two")];
    for (let minute = 12; minute <= 30; minute++) await Promise.all([one.step(at(minute)), two.step(at(minute))]);
    expect(applied.length).toBeGreaterThanOrEqual(IDS.length * 10);
    expect(duplicates(applied)).toEqual([]);
    for (const id of IDS) {
      const clocks = applied.filter((update) => update.fixtureId === id).map((update) => update.clockUnix);
      expect(clocks).toEqual([...clocks].sort((x, y) => x - y));
    }
  });

  it("keep a late writer from putting an earlier state over a later one", async () => {
    const applied: Array<AppliedUpdate & { by: string }> = [];
    const late = simulator(applied, "late");
    const report = await late.step(at(20)); // the store is at minute 30
    expect(report.written).toBe(0);
    expect(applied).toEqual([]);
    for (const id of IDS) expect((await env.storedFixture(id)).simulation?.last_update?.clock_unix).toBe(Math.floor(at(30).getTime() / 1000));
  });
});
