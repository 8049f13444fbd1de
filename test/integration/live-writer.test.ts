import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../src/domain/fixture/fixture-document.js";
import { auditUpdateLog, parseUpdateLog, settleUpdates, type UpdateLogLine } from "../../src/live/update-log.js";
import { PROJECT_ROOT } from "../../src/paths.js";
import { freePort } from "../../scripts/lib/service.js";
import { loadCatalog, miniCatalog, type MiniMatch } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * One writer, with real processes and real signals (docs/operations.md, "One writer"): `npm
 * start` (scripts/start.ts, the simulator on at 60x real time) twice on one prefix with a small
 * catalogue. Exactly one writes; SIGKILLed, the other writes within 15 s; a third started
 * meanwhile takes over at once from a SIGTERM. Every instance records the updates it sends and
 * applies (--updates-log); an update the killed writer was still sending counts as applied when
 * the store shows it landed. The logs together show no update applied twice, none lost (each
 * stored fixture carries exactly the last applied update), no state written back over a later
 * one, and one match clock across the three. Then a writer frozen past the staleness (SIGSTOP)
 * is replaced, and sends no write once it wakes (SIGCONT).
 */
const SPEED = 60;
const TICK_MS = 250;
const MINUTE = 60_000;
/** The default writer lease (2 s heartbeat, 10 s staleness) must give a new writer within this. */
const FAIL_OVER_LIMIT_MS = 15_000;
const RUNNING = new Set(["INPLAY_1ST_HALF", "INPLAY_2ND_HALF"]);

type Instance = { name: string; child: ChildProcess; port: number; updatesLog: string; exited: Promise<unknown> };

let env: TestEnv;
let dir: string;
const instances: Instance[] = [];
const catalogueTime = new Date(Math.floor(Date.now() / 1000) * 1000);
/** Kick-offs in match minutes from the catalogue's time: one near full time, others in play or kicking off during the test. */
const KICK_OFFS = [-95, -60, -30, -5, 2, 6];
const PAIRS: Array<[number, number]> = [[11, 12], [13, 14], [15, 16], [12, 13], [14, 15], [16, 11]];
const MATCHES: MiniMatch[] = KICK_OFFS.map((minutes, i) => ({
  id: 100 + i,
  home: PAIRS[i]![0],
  away: PAIRS[i]![1],
  date_time: new Date(catalogueTime.getTime() + minutes * MINUTE).toISOString(),
  status: "NOT_STARTED",
  season: "current",
}));

async function startInstance(name: string): Promise<Instance> {
  const port = await freePort();
  const updatesLog = join(dir, `${name}.jsonl`);
  const out = openSync(join(dir, `${name}.out`), "a");
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "scripts/start.ts", "--speed", String(SPEED), "--tick", String(TICK_MS), "--updates-log", updatesLog],
    {
      cwd: PROJECT_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        INDEX_PREFIX: env.config.indexPrefix,
        ELASTICSEARCH_URL: env.config.elasticsearch.nodes.join(","),
        RATE_LIMIT_PER_SECOND: "0",
        // No proxy in front: nothing to drain for, so a SIGTERM closes at once (the hand-over starts with the signal either way).
        DRAIN_SECONDS: "0",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", out, out],
    },
  );
  closeSync(out);
  const instance = { name, child, port, updatesLog, exited: once(child, "exit") };
  instances.push(instance);
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode} (see ${dir}/${name}.out)`);
    if (await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.ok, () => false)) return instance;
    await sleep(200);
  }
  throw new Error(`${name} did not become ready in 60 s`);
}

/** Every line of an instance's update log ("sending" and "applied"). */
function updatesOf(instance: Instance): UpdateLogLine[] {
  return existsSync(instance.updatesLog) ? parseUpdateLog(readFileSync(instance.updatesLog, "utf8")) : [];
}

/** The first update an instance applied after `since` (epoch ms). */
function firstAppliedAfter(instance: Instance, since: number): UpdateLogLine | undefined {
  return updatesOf(instance).find((line) => line.phase === "applied" && line.at_ms > since);
}

/** The `live_writer` gauge of an instance: 1 while it is the writer. */
async function writerGauge(instance: Instance): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${instance.port}/metrics`)).text();
  const value = /^live_writer (\d+)$/m.exec(text)?.[1];
  if (value === undefined) throw new Error(`${instance.name}: no live_writer on /metrics`);
  return Number(value);
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The update each fixture's stored state carries (`simulation.last_update`), for every fixture that has one. */
async function storedMarks(): Promise<Map<number, string>> {
  const marks = new Map<number, string>();
  for (const match of MATCHES) {
    const doc: FixtureDocument = await env.storedFixture(match.id);
    const mark = doc.simulation?.last_update;
    if (mark) marks.set(match.id, mark.key);
  }
  return marks;
}

/** The last applied update of each fixture, by the lines given. */
function lastLogged(lines: readonly UpdateLogLine[]): Map<number, string> {
  return new Map([...auditUpdateLog(lines).last].map(([id, line]) => [id, line.key]));
}

/** The match clock's epoch an update implies: its match second less the real time since, at the clock's speed (median over lines). */
function impliedEpochMs(lines: readonly UpdateLogLine[]): number {
  const epochs = lines.map((line) => line.clock_unix * 1000 - line.at_ms * SPEED).sort((a, b) => a - b);
  return epochs[Math.floor(epochs.length / 2)]!;
}

beforeAll(async () => {
  env = await startTestEnv();
  dir = mkdtempSync(join(tmpdir(), "live-writer-"));
  await loadCatalog(env, miniCatalog(MATCHES), catalogueTime);
}, 120_000);

afterAll(async () => {
  for (const instance of instances) if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill("SIGKILL");
  await Promise.all(instances.map((instance) => instance.exited));
  await env?.close();
  if (process.env.KEEP_WRITER_LOGS) console.log(`live-writer logs kept in ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
});

describe("one writer of the live feed across instances", () => {
  let first: Instance;
  let second: Instance;
  /** The killed writer's applied updates, its in-flight ones settled against the store read after its death. */
  let firstApplied: UpdateLogLine[] = [];

  it("lets exactly one of two instances write, and replaces a SIGKILLed writer within 15 s", async () => {
    const [a, b] = await Promise.all([startInstance("a"), startInstance("b")]);
    await waitFor("the first update", () => (updatesOf(a).length + updatesOf(b).length > 0 ? true : undefined), 30_000);
    await sleep(3_000);
    const gauges = [await writerGauge(a), await writerGauge(b)];
    expect(gauges.sort()).toEqual([0, 1]);
    first = (await writerGauge(a)) === 1 ? a : b;
    second = first === a ? b : a;
    expect(updatesOf(first).length).toBeGreaterThan(0);
    expect(updatesOf(second)).toEqual([]);

    const killed = Date.now();
    first.child.kill("SIGKILL");
    await first.exited;
    // A write the killed writer had sent may still land: read the store once it had time to.
    await sleep(1_000);
    // Nothing lost at the kill: every fixture's stored update is the last one the writer applied
    // (counting a write it was sending when killed only when the store shows it landed).
    const stored = await storedMarks();
    firstApplied = settleUpdates(updatesOf(first), stored);
    expect(stored.size).toBeGreaterThan(0);
    expect(stored).toEqual(lastLogged(firstApplied));

    const taken = await waitFor("the second instance's first update", () => firstAppliedAfter(second, killed), 30_000);
    const failOverMs = taken.at_ms - killed;
    console.log(`live-writer: SIGKILL fail-over ${failOverMs} ms (first update of the new writer after the kill)`);
    expect(failOverMs).toBeLessThan(FAIL_OVER_LIMIT_MS);
    expect(await writerGauge(second)).toBe(1);
  }, 120_000);

  it("hands over at once on SIGTERM: the stopping writer gives the lease back", async () => {
    const third = await startInstance("c");
    await sleep(1_000);
    expect(await writerGauge(third)).toBe(0);
    expect(updatesOf(third)).toEqual([]);

    const signalled = Date.now();
    second.child.kill("SIGTERM");
    await second.exited;
    expect(second.child.exitCode).toBe(0);
    await sleep(100);
    const taken = await waitFor("the third instance's first update", () => firstAppliedAfter(third, signalled), 15_000);
    const handOverMs = taken.at_ms - signalled;
    console.log(`live-writer: SIGTERM hand-over ${handOverMs} ms (first update of the new writer after the signal)`);
    expect(handOverMs).toBeLessThan(3_000);

    await sleep(3_000);
    const thirdStopped = Date.now();
    third.child.kill("SIGTERM");
    await third.exited;
    expect(Date.now() - thirdStopped).toBeLessThan(5_000);
  }, 120_000);

  it("applied no update twice and lost none across the three writers, on one match clock", async () => {
    const third = instances.find((instance) => instance.name === "c")!;
    // The second and third stopped gracefully (their last tick finished before the lease went): only their "applied" lines count.
    const logs = [firstApplied, settleUpdates(updatesOf(second), new Map()), settleUpdates(updatesOf(third), new Map())];
    const audit = auditUpdateLog(logs.flat());
    console.log(`live-writer: ${audit.updates} updates, by writer ${JSON.stringify(audit.byWriter)}`);
    for (const log of logs) expect(log.length).toBeGreaterThan(0);
    expect(audit.duplicates).toEqual([]);
    expect(audit.backwards).toEqual([]);

    // One writer at a time: in order of writing, the writer changes exactly twice.
    const ordered = logs.flat().sort((x, y) => (x.sent_at_ms ?? x.at_ms) - (y.sent_at_ms ?? y.at_ms));
    const turns = ordered.map((line) => line.writer).filter((writer, i, all) => i === 0 || all[i - 1] !== writer);
    expect(turns).toHaveLength(3);

    // Nothing lost: what the store holds is exactly the last update the logs name, fixture by fixture.
    expect(await storedMarks()).toEqual(new Map([...audit.last].map(([id, line]) => [id, line.key])));
    // Every match whose clock was running when a writer stopped (a new minute each real second
    // at 60x) was written on by its successor.
    for (const [predecessor, successor] of [[logs[0]!, logs[1]!], [logs[1]!, logs[2]!]] as const) {
      const running = [...auditUpdateLog(predecessor).last.values()].filter((line) => RUNNING.has(line.status));
      const inPlay = running.map((line) => line.fixture_id);
      const continued = new Set(successor.map((line) => line.fixture_id));
      expect(inPlay.filter((id) => !continued.has(id))).toEqual([]);
    }

    // One clock: every writer's updates imply the same epoch (within a tick's lag and a second's rounding, at 60x).
    const epochs = logs.map(impliedEpochMs);
    for (const epoch of epochs) expect(Math.abs(epoch - epochs[0]!)).toBeLessThan(60_000);
  });

  it("replaces a writer frozen past the staleness (SIGSTOP), which sends no write once it wakes (SIGCONT)", async () => {
    const [d, e] = await Promise.all([startInstance("d"), startInstance("e")]);
    const started = Date.now();
    await waitFor("the first update of d or e", () => (firstAppliedAfter(d, started) ?? firstAppliedAfter(e, started) ? true : undefined), 30_000);
    await sleep(2_000);
    const frozen = (await writerGauge(d)) === 1 ? d : e;
    const other = frozen === d ? e : d;
    expect(await writerGauge(other)).toBe(0);

    const stoppedAt = Date.now();
    frozen.child.kill("SIGSTOP");
    const taken = await waitFor("the other instance's first update", () => firstAppliedAfter(other, stoppedAt), 30_000);
    console.log(`live-writer: SIGSTOP fail-over ${taken.at_ms - stoppedAt} ms`);
    expect(taken.at_ms - stoppedAt).toBeLessThan(FAIL_OVER_LIMIT_MS);

    const resumedAt = Date.now();
    frozen.child.kill("SIGCONT");
    await sleep(3_000);
    // Fenced: no write sent after waking (a write in flight at the freeze may still be acknowledged).
    expect(updatesOf(frozen).filter((line) => line.phase === "sending" && line.at_ms > resumedAt)).toEqual([]);
    expect(await writerGauge(frozen)).toBe(0);
    expect(await writerGauge(other)).toBe(1);

    for (const instance of [frozen, other]) instance.child.kill("SIGTERM");
    await Promise.all([frozen.exited, other.exited]);
    const all = instances.map((instance) => (instance === first ? firstApplied : settleUpdates(updatesOf(instance), new Map())));
    const audit = auditUpdateLog(all.flat());
    console.log(`live-writer: ${audit.updates} updates in all, by writer ${JSON.stringify(audit.byWriter)}`);
    expect(audit.duplicates).toEqual([]);
    expect(audit.backwards).toEqual([]);
    expect(await storedMarks()).toEqual(new Map([...audit.last].map(([id, line]) => [id, line.key])));
    const epochs = all.filter((lines) => lines.length > 0).map(impliedEpochMs);
    for (const epoch of epochs) expect(Math.abs(epoch - epochs[0]!)).toBeLessThan(60_000);
  }, 150_000);
});
