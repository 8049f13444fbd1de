import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveSimulator } from "../../src/live/simulator.js";
import { loadCatalog, miniCatalog, type MiniMatch } from "../support/mini-catalog.js";
import { StreamClient, type StreamedFixture } from "../support/stream-client.js";
import { expectConvergence } from "../support/stream-convergence.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * What a stream's client lives through besides changes: reconnects (with and without
 * Last-Event-ID), quiet periods (heartbeats), a revoked key and a rebuild's alias swap.
 */
const MINUTE = 60_000;
const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const MATCHES = [1, 2];
const current = (id: number, home: number, away: number, minutes: number): MiniMatch => ({
  id, home, away, date_time: at(minutes).toISOString(), status: "NOT_STARTED", season: "current",
});
const CATALOG = miniCatalog([current(1, 11, 12, 1), current(2, 13, 14, 1), current(9, 15, 16, 60 * 24 * 2)]);
const LIVE = "/livescores/stream?include=statistics";

let env: TestEnv;
let key: string;
let simulator: LiveSimulator;
const clients: StreamClient[] = [];

function openClient(path: string, options: { key?: string; headers?: Record<string, string>; initial?: StreamedFixture[] } = {}): StreamClient {
  const client = new StreamClient(env.url + path, options.key ?? key, options.headers, options.initial);
  clients.push(client);
  return client;
}


async function converges(client: StreamClient, path: string): Promise<void> {
  await expectConvergence(env, client, path, key);
}

async function play(fromMinute: number, toMinute: number): Promise<void> {
  for (let minute = fromMinute; minute <= toMinute; minute++) {
    await simulator.step(at(minute));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Reads a raw stream until `done` says so or `ms` pass; returns the text and whether the server ended it. */
async function readRaw(response: Response, ms: number, done: (text: string) => boolean = () => false): Promise<{ text: string; ended: boolean }> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const until = Date.now() + ms;
  while (Date.now() < until && !done(text)) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), until - Date.now()))]);
    if (chunk === null) break;
    if (chunk.done) return { text, ended: true };
    text += decoder.decode(chunk.value, { stream: true });
  }
  await reader.cancel();
  return { text, ended: false };
}

beforeAll(async () => {
  env = await startTestEnv({ STREAM_POLL_MS: "100", STREAM_REFRESH_MS: "2000", STREAM_HEARTBEAT_MS: "1000" });
  key = await env.createKey();
  await loadCatalog(env, CATALOG, start);
  simulator = new LiveSimulator(env.es, env.deps.indices, { startAt: start });
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await env?.close();
});

describe("a stream's reconnects", () => {
  it("replays only what a client missed when it comes back with a recent Last-Event-ID, and converges", async () => {
    const first = openClient(LIVE);
    await first.waitFor("a snapshot", () => first.count("snapshot") === 1);
    await play(0, 20);
    await converges(first, "/livescores?include=statistics");
    expect(first.fixtures().map((fixture) => fixture.id)).toEqual(MATCHES);
    const held = first.fixtures();
    const lastEventId = first.lastEventId!;
    first.close();

    await play(21, 40);
    const resumed = openClient(LIVE, { headers: { "Last-Event-ID": lastEventId }, initial: held });
    await resumed.waitFor("the missed events", () => resumed.events.length > 0);
    await converges(resumed, "/livescores?include=statistics");
    expect(resumed.count("snapshot")).toBe(0);
    expect(resumed.count("update")).toBeGreaterThan(0);
    expect(resumed.violations).toEqual([]);
  }, 60_000);

  it("sends a fresh snapshot to a client whose Last-Event-ID it cannot resume from", async () => {
    for (const lastEventId of ["0000000.1", "not an id", ""]) {
      const client = openClient(LIVE, { headers: { "Last-Event-ID": lastEventId } });
      await client.waitFor("a snapshot", () => client.count("snapshot") === 1);
      await converges(client, "/livescores?include=statistics");
      client.close();
    }
  });
});

describe("a quiet stream", () => {
  it("sends a heartbeat comment within the heartbeat interval", async () => {
    const response = await env.get("/fixtures/search/stream?window=live&league_id=424242", { key });
    expect(response.status).toBe(200);
    const started = Date.now();
    const { text } = await readRaw(response, 5_000, (read) => read.includes(": heartbeat"));
    expect(text).toContain(": heartbeat\n");
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});

describe("a revoked key", () => {
  it("ends the key's open streams within the key cache's expiry", async () => {
    const created = await env.keyStore.create({ userId: 7, roles: [] });
    const response = await env.get(LIVE, { key: created.key });
    expect(response.status).toBe(200);
    const revokedAt = Date.now();
    const reading = readRaw(response, 10_000);
    await env.keyStore.revoke(created.record.id);
    const { ended } = await reading;
    expect(ended).toBe(true);
    // KEY_CACHE_TTL_MS is 0 in the test env: the next check (every second) sees the revoked key.
    expect(Date.now() - revokedAt).toBeLessThan(3_000);
    expect((await env.get(LIVE, { key: created.key })).status).toBe(403);
  });
});

describe("a rebuild", () => {
  it("sends every stream a fresh snapshot of the new data", async () => {
    const client = openClient("/fixtures/search/stream?window=168");
    await client.waitFor("a snapshot", () => client.count("snapshot") === 1);
    await loadCatalog(env, CATALOG, new Date());
    await client.waitFor("a second snapshot", () => client.count("snapshot") === 2);
    await converges(client, "/fixtures/search?window=168&per_page=50");
  }, 60_000);
});
