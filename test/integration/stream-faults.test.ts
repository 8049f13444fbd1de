import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveSimulator } from "../../src/live/simulator.js";
import { createElasticsearchClient } from "../../src/store/client.js";
import { loadCatalog, miniCatalog, type MiniMatch } from "../support/mini-catalog.js";
import { StreamClient, type StreamedFixture } from "../support/stream-client.js";
import { TcpProxy } from "../support/tcp-proxy.js";
import { expectConvergence } from "../support/stream-convergence.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * Streams under faults: Elasticsearch unreachable for a while (streams stay open and converge
 * once it is back, without a restart), a client that does not read (dropped with a bounded
 * buffer, the others not held up), and an instance that stops (its clients converge on another).
 */
const MINUTE = 60_000;
const start = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
const current = (id: number, home: number, away: number, minutes: number): MiniMatch => ({
  id, home, away, date_time: at(minutes).toISOString(), status: "NOT_STARTED", season: "current",
});
const LIVE = "/livescores/stream?include=odds,statistics,metrics";
const POLLED = "/livescores?include=odds,statistics,metrics";
const STREAM_SETTINGS = { STREAM_POLL_MS: "100", STREAM_REFRESH_MS: "2000", STREAM_HEARTBEAT_MS: "1000", STREAM_BUFFER_MAX_KB: "256" };

const proxy = TcpProxy.toTestNode();
/** The instance under test reaches the node through the proxy; the second one and the simulator do not. */
let env: TestEnv;
let other: TestEnv;
let key: string;
let simulator: LiveSimulator;
const clients: StreamClient[] = [];

function openClient(base: TestEnv, path: string): StreamClient {
  const client = new StreamClient(base.url + path, key);
  clients.push(client);
  return client;
}

async function converges(client: StreamClient, withinMs: number): Promise<number> {
  return expectConvergence(other, client, POLLED, key, withinMs);
}

async function play(fromMinute: number, toMinute: number, pauseMs = 20): Promise<void> {
  for (let minute = fromMinute; minute <= toMinute; minute++) {
    await simulator.step(at(minute));
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}

beforeAll(async () => {
  await proxy.open();
  other = await startTestEnv(STREAM_SETTINGS);
  env = await startTestEnv({ ...STREAM_SETTINGS, ELASTICSEARCH_URL: proxy.url, ELASTICSEARCH_REQUEST_TIMEOUT_MS: "1000" }, { dataPrefix: other.config.indexPrefix });
  key = await other.createKey();
  // Besides the matches played here, many to come: a snapshot of them with odds is megabytes.
  const toCome = Array.from({ length: 300 }, (_, i) => current(100 + i, 11 + (i % 6), 11 + ((i + 1 + (i % 5)) % 6), 60 * 24 + i * 20));
  await loadCatalog(other, miniCatalog([current(1, 11, 12, 1), current(2, 13, 14, 1), current(3, 15, 16, 2), ...toCome.filter((m) => m.home !== m.away)]), start);
  simulator = new LiveSimulator(createElasticsearchClient(other.config.elasticsearch), other.deps.indices, { startAt: start });
  await play(0, 5);
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await proxy.open();
  await env?.close();
  await other?.close();
  await proxy.close();
});

describe("streams when Elasticsearch is unreachable for 10 s", () => {
  it("stay open with heartbeats, and every client converges within 5 s once the node is back", async () => {
    const client = openClient(env, LIVE);
    await client.waitFor("a snapshot", () => client.count("snapshot") === 1);
    const raw = await env.get(LIVE, { key });
    const reader = raw.body!.getReader();

    await proxy.close();
    await play(6, 25, 400);
    let text = "";
    const until = Date.now() + 1_500;
    while (Date.now() < until && !text.includes(": heartbeat")) {
      const chunk = await reader.read();
      text += new TextDecoder().decode(chunk.value);
    }
    expect(text).toContain(": heartbeat");
    await reader.cancel();

    await proxy.open();
    const took = await converges(client, 5_000);
    expect(took).toBeLessThan(5_000);
    expect(client.count("snapshot")).toBe(1);
    expect(client.violations).toEqual([]);
  }, 60_000);
});

describe("a client that does not read", () => {
  it("is dropped once its unsent bytes pass the limit, and the others keep receiving", async () => {
    const reader = openClient(other, LIVE);
    await reader.waitFor("a snapshot", () => reader.count("snapshot") === 1);
    const hub = other.deps.streams;
    const open = hub.openStreams;
    const slow: Socket = connect(Number(new URL(other.url).port), "127.0.0.1");
    slow.on("error", () => undefined);
    // It asks for the matches to come with their odds (megabytes), and reads nothing. A paused
    // socket does not see its end, so the drop is read on the service's side: its open streams.
    slow.write(`GET /fixtures/search/stream?window=168&include=odds HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\n\r\n`);
    slow.pause();
    try {
      await reader.waitFor("the slow client's stream to open", () => hub.openStreams === open + 1, 10_000);
      const before = reader.count("update");
      await play(26, 40, 50);
      await reader.waitFor("the slow client to be dropped", () => hub.openStreams === open, 10_000);
      expect(reader.count("update")).toBeGreaterThan(before);
      await converges(reader, 5_000);
    } finally {
      slow.destroy();
    }
  }, 60_000);
});

describe("clients that do not read, together past the streams' memory budget", () => {
  it("are dropped, most unsent first, though each is within its own limit; the open streams that read keep receiving", async () => {
    // Its own per-client limit is far away: only the instance's budget (4 MiB, the least) can drop them.
    const tight = await startTestEnv({ ...STREAM_SETTINGS, STREAM_BUFFER_MAX_KB: "1048576", STREAM_MEMORY_MB: "4" }, { dataPrefix: other.config.indexPrefix });
    const slow: Socket[] = [];
    try {
      const reader = openClient(tight, LIVE);
      await reader.waitFor("a snapshot", () => reader.count("snapshot") === 1);
      const hub = tight.deps.streams;
      const open = hub.openStreams;
      // Each asks for the matches to come with everything (megabytes), each its own query, and reads nothing.
      const includes = ["odds,statistics,metrics", "odds,metrics", "odds,statistics", "odds"];
      for (const include of includes) {
        const socket = connect(Number(new URL(tight.url).port), "127.0.0.1");
        socket.on("error", () => undefined);
        socket.write(`GET /fixtures/search/stream?window=168&include=${include} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-API-Key: ${key}\r\n\r\n`);
        socket.pause();
        slow.push(socket);
      }
      const before = reader.count("update");
      await play(41, 60, 50);
      await reader.waitFor("slow clients to be dropped for the budget", () => hub.droppedForMemory > 0, 15_000);
      await reader.waitFor("every slow client to be gone", () => hub.openStreams === open, 15_000);
      expect(hub.memory.used).toBeLessThanOrEqual(hub.memory.budget);
      expect(reader.count("update")).toBeGreaterThan(before);
      await converges(reader, 5_000);
    } finally {
      for (const socket of slow) socket.destroy();
      await tight.close();
    }
  }, 60_000);
});

describe("an instance that stops", () => {
  it("ends its streams, and its clients reconnecting to another instance converge", async () => {
    const client = openClient(env, LIVE);
    await client.waitFor("a snapshot", () => client.count("snapshot") === 1);
    const raw = await env.get(LIVE, { key });
    const rawReader = raw.body!.getReader();
    await rawReader.read();
    env.deps.streams.close();
    const ended = async (): Promise<boolean> => {
      const until = Date.now() + 3_000;
      while (Date.now() < until) if ((await rawReader.read().catch(() => ({ done: true }))).done) return true;
      return false;
    };
    expect(await ended()).toBe(true);
    const refused = await env.get(LIVE, { key });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toEqual({ error: "The service is shutting down; reconnect" });
    const moved = openClient(other, LIVE);
    await moved.waitFor("a snapshot", () => moved.count("snapshot") === 1);
    await play(81, 95);
    await converges(moved, 5_000);
  }, 60_000);
});
