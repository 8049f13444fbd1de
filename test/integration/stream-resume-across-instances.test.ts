import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveSimulator } from "../../src/live/simulator.js";
import { parseResumePoint, resumeSuffix } from "../../src/streams/resume-point.js";
import { loadCatalog, miniCatalog, type MiniMatch } from "../support/mini-catalog.js";
import { StreamClient, type StreamedFixture } from "../support/stream-client.js";
import { expectConvergence } from "../support/stream-convergence.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * Two real instances on one data set (each its own hub, change feed and replay history): a
 * client whose instance went away reconnects to the other with its Last-Event-ID and gets what
 * changed meanwhile instead of a snapshot (docs/streams.md, "Reconnecting"), and ends up with the
 * polled endpoint's answer; an id it cannot trust gets the snapshot.
 */
const MINUTE = 60_000;
const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const upcoming = (id: number, home: number, away: number, minutes: number): MiniMatch => ({
  id, home, away, date_time: at(minutes).toISOString(), status: "NOT_STARTED", season: "current",
});
const CATALOG = miniCatalog([upcoming(1, 11, 12, 1), upcoming(2, 13, 14, 1), upcoming(3, 15, 16, 30), upcoming(9, 12, 11, 60 * 24 * 2)]);
const SETTINGS = { STREAM_POLL_MS: "100", STREAM_REFRESH_MS: "2000", STREAM_HEARTBEAT_MS: "1000" };

let a: TestEnv;
let b: TestEnv;
let key: string;
let simulator: LiveSimulator;
const clients: StreamClient[] = [];

function openClient(env: TestEnv, path: string, headers: Record<string, string> = {}, initial: StreamedFixture[] = []): StreamClient {
  const client = new StreamClient(env.url + path, key, headers, initial);
  clients.push(client);
  return client;
}

async function play(fromMinute: number, toMinute: number): Promise<void> {
  for (let minute = fromMinute; minute <= toMinute; minute++) {
    await simulator.step(at(minute));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Opens on A, follows a while, leaves; more is played; comes back on B with its Last-Event-ID and what it held. */
async function resumeOnOtherInstance(stream: string, polled: string, fromMinute: number): Promise<StreamClient> {
  const first = openClient(a, stream);
  await first.waitFor("a snapshot", () => first.count("snapshot") === 1);
  await play(fromMinute, fromMinute + 10);
  await expectConvergence(a, first, polled, key);
  // Every event id says where its client stands.
  expect(parseResumePoint(first.lastEventId!)).not.toBeNull();
  const held = first.fixtures();
  const lastEventId = first.lastEventId!;
  first.close();
  await play(fromMinute + 11, fromMinute + 25);
  // Past the change feed's overlap (5 s): the other instance's feed has reported these writes
  // already, so only the resume can bring them to the client.
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  const resumed = openClient(b, stream, { "Last-Event-ID": lastEventId }, held);
  await resumed.waitFor("what it missed", () => resumed.events.length > 0);
  await expectConvergence(b, resumed, polled, key);
  return resumed;
}

beforeAll(async () => {
  a = await startTestEnv(SETTINGS);
  key = await a.createKey();
  await loadCatalog(a, CATALOG, start);
  b = await startTestEnv(SETTINGS, { dataPrefix: a.config.indexPrefix });
  simulator = new LiveSimulator(a.es, a.deps.indices, { startAt: start });
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await b?.close();
  await a?.close();
});

describe("a stream resumed on another instance", () => {
  it("gets what changed while it was away, not a snapshot, and converges (live scores)", async () => {
    const resumed = await resumeOnOtherInstance("/livescores/stream?include=statistics", "/livescores?include=statistics", 0);
    expect(resumed.count("snapshot")).toBe(0);
    expect(resumed.count("update")).toBeGreaterThan(0);
    expect(resumed.violations).toEqual([]);
  }, 60_000);

  it("does the same for a window that moves with time", async () => {
    const resumed = await resumeOnOtherInstance("/fixtures/search/stream?window=24&include=statistics", "/fixtures/search?window=24&include=statistics&per_page=50", 30);
    expect(resumed.count("snapshot")).toBe(0);
    expect(resumed.violations).toEqual([]);
  }, 60_000);

  it("gets a snapshot when the id names another query, other data or a point too old", async () => {
    const first = openClient(a, "/livescores/stream");
    await first.waitFor("a snapshot", () => first.count("snapshot") === 1);
    const id = first.lastEventId!;
    const point = parseResumePoint(id)!;
    const local = id.slice(0, id.indexOf("~"));
    first.close();
    const untrusted = [
      ["another query", "/livescores/stream?include=statistics", id],
      ["other data", "/livescores/stream", `${local}${resumeSuffix({ ...point, dataHash: "AAAAAAAA" })}`],
      ["a point too old", "/livescores/stream", `${local}${resumeSuffix({ ...point, watermarkMs: point.watermarkMs - 3_600_000 })}`],
    ] as const;
    for (const [why, path, lastEventId] of untrusted) {
      const client = openClient(b, path, { "Last-Event-ID": lastEventId });
      await client.waitFor(`a snapshot (${why})`, () => client.count("snapshot") === 1);
      await expectConvergence(b, client, path.replace("/stream", ""), key);
      client.close();
    }
  }, 60_000);
});
