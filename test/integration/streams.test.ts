import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveSimulator } from "../../src/live/simulator.js";
import { matchClock } from "../support/match-clock.js";
import { loadCatalog, miniCatalog } from "../support/mini-catalog.js";
import { StreamClient, type StreamedFixture } from "../support/stream-client.js";
import { expectConvergence } from "../support/stream-convergence.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * The streams through the real app and node, read by a real SSE client over real sockets,
 * while the live simulator plays matches through the real update path on a fast clock.
 * The guarantee under test: a client that applies the events in order holds what the
 * polled endpoint answers (once the feed has caught up), never an older state after a newer.
 */
const { start, at, upcoming: current } = matchClock();
const LEAGUE_MATCHES = [1, 2, 3];
const LATER_MATCH = 9;

let env: TestEnv;
let key: string;
let simulator: LiveSimulator;
const clients: StreamClient[] = [];

function openClient(path: string, options: { key?: string | null; headers?: Record<string, string> } = {}): StreamClient {
  const client = new StreamClient(env.url + path, options.key === undefined ? key : options.key, options.headers);
  clients.push(client);
  return client;
}

async function polled(path: string): Promise<StreamedFixture[]> {
  const response = await env.get(path, { key });
  expect(response.status).toBe(200);
  const { fixtures } = (await response.json()) as { fixtures: StreamedFixture[] };
  return fixtures;
}


/** The client holds what the polled endpoint answers, once the feed has caught up; returns that answer. */
async function converges(client: StreamClient, path: string): Promise<StreamedFixture[]> {
  await expectConvergence(env, client, path, key);
  return client.fixtures();
}

async function play(fromMinute: number, toMinute: number): Promise<void> {
  for (let minute = fromMinute; minute <= toMinute; minute++) {
    await simulator.step(at(minute));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  env = await startTestEnv({ STREAM_POLL_MS: "100", STREAM_REFRESH_MS: "2000", STREAM_HEARTBEAT_MS: "1000", STREAMS_PER_KEY: "4", STREAM_SNAPSHOT_MAX: "3" });
  key = await env.createKey();
  await loadCatalog(
    env,
    miniCatalog([
      current(LEAGUE_MATCHES[0]!, 11, 12, 2),
      current(LEAGUE_MATCHES[1]!, 13, 14, 3),
      current(LEAGUE_MATCHES[2]!, 15, 16, 4),
      current(LATER_MATCH, 12, 11, 60 * 24 * 3),
      { id: 20, home: 13, away: 14, date_time: at(-60 * 24 * 7).toISOString(), status: "FT", season: "current" },
    ]),
    start,
  );
  simulator = new LiveSimulator(env.es, env.deps.indices, { startAt: start });
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await env?.close();
});

describe("GET /livescores/stream", () => {
  it("answers errors as ordinary JSON before the stream starts", async () => {
    const noKey = await fetch(`${env.url}/livescores/stream`);
    expect(noKey.status).toBe(403);
    expect(await noKey.json()).toEqual({ error: "Unauthorized" });
    const polledAnswer = await env.get("/livescores?include=nothing", { key });
    const streamAnswer = await env.get("/livescores/stream?include=nothing", { key });
    expect(streamAnswer.status).toBe(400);
    expect(await streamAnswer.json()).toEqual(await polledAnswer.json());
  });

  it("sends an uncompressed, unbuffered event stream that opens with a retry hint and a snapshot", async () => {
    const response = await fetch(`${env.url}/livescores/stream?api_token=${key}`, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("content-encoding")).toBeNull();
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("event: snapshot")) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text.startsWith("retry: 2000\n\n")).toBe(true);
    const head = await fetch(`${env.url}/livescores/stream?api_token=${key}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const snapshot = text.slice("retry: 2000\n\n".length).split("\n\n")[0]!.split("\n");
    expect(snapshot.map((line) => line.slice(0, line.indexOf(":"))).sort()).toEqual(["data", "event", "id"]);
    expect(snapshot).toContain("event: snapshot");
    // The instance's own part (query, sequence), then the resume point any instance can read (resume-point.ts).
    expect(snapshot.find((line) => line.startsWith("id: "))).toMatch(/^id: [0-9a-z]+\.\d+~[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{8}\.[0-9a-z]+\.[0-9a-z]+$/);
    expect(snapshot.find((line) => line.startsWith("data: "))).toMatch(/^data: \{"fixtures":\[.*\],"at":"[^"]+"\}$/);
  });

  it("keeps a client equal to the polled endpoint while matches start, change and finish", async () => {
    const client = openClient("/livescores/stream?include=statistics");
    const search = openClient("/fixtures/search/stream?window=live&include=statistics&where[CORNERS]=1:100:LEAGUE");
    await client.waitFor("the first snapshot", () => client.count("snapshot") === 1);
    await search.waitFor("the first snapshot", () => search.count("snapshot") === 1);
    expect(client.fixtures()).toEqual([]);

    await play(0, 30);
    const inPlay = await converges(client, "/livescores?include=statistics");
    expect(inPlay.map((fixture) => fixture.id)).toEqual(LEAGUE_MATCHES);
    const withCorners = await converges(search, "/fixtures/search?window=live&include=statistics&where[CORNERS]=1:100:LEAGUE&per_page=50");
    expect(withCorners.length).toBeGreaterThan(0);

    await play(31, 130);
    expect(await converges(client, "/livescores?include=statistics")).toEqual([]);
    await converges(search, "/fixtures/search?window=live&include=statistics&where[CORNERS]=1:100:LEAGUE&per_page=50");

    expect(client.count("snapshot")).toBe(1);
    expect(client.count("enter")).toBeGreaterThanOrEqual(LEAGUE_MATCHES.length);
    expect(client.count("update")).toBeGreaterThan(10);
    expect(client.count("leave")).toBeGreaterThanOrEqual(LEAGUE_MATCHES.length);
    expect([...client.violations, ...search.violations]).toEqual([]);
    expect(new Set(client.events.map((event) => event.id)).size).toBe(client.events.length);
  }, 120_000);
});

describe("the streams' metrics", () => {
  it("report open streams, the standing queries they share and the events delivered", async () => {
    const text = await (await env.get("/metrics", { key: null })).text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\d+)`, "m").exec(text)?.[1]);
    expect(value("streams_open")).toBeGreaterThanOrEqual(2);
    expect(value("stream_standing_queries")).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^stream_events_delivered_total\{event="update"\} [1-9]/m);
  });
});

describe("GET /fixtures/search/stream", () => {
  it("refuses a query that matches more fixtures than a stream holds, and says how to narrow it", async () => {
    // After the matches above: three finished within the window and one to come, one more than the limit of 3.
    const response = await env.get("/fixtures/search/stream?window=168&status=FT,NOT_STARTED", { key });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "The query matches more than 3 fixtures, more than a stream holds; narrow it with window, status, league_id or where[...]",
    });
  });

  it("refuses a key's stream past STREAMS_PER_KEY with 429, and gives the slot back when a stream closes", async () => {
    const own = await env.createKey();
    const open = [1, 2, 3, 4].map(() => openClient("/livescores/stream", { key: own }));
    for (const client of open) await client.waitFor("a snapshot", () => client.count("snapshot") === 1);
    const refused = await env.get("/livescores/stream", { key: own });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "At most 4 open streams per key; close one before opening another" });
    // HEAD tells what GET would answer, without holding a slot of its own.
    const head = await fetch(`${env.url}/livescores/stream?api_token=${own}`, { method: "HEAD" });
    expect(head.status).toBe(429);
    open[0]!.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const again = openClient("/livescores/stream", { key: own });
    await again.waitFor("a snapshot", () => again.count("snapshot") === 1);
  });

  it("snapshots the whole result set in the polled endpoint's order", async () => {
    const query = "window=168&status=FT&order[CORNERS]=desc:HOME";
    const client = openClient(`/fixtures/search/stream?${query}`);
    await client.waitFor("the first snapshot", () => client.count("snapshot") === 1);
    const snapshot = client.events[0]!.data as { fixtures: StreamedFixture[] };
    const truth = await polled(`/fixtures/search?${query}&per_page=50`);
    expect(truth.map((fixture) => fixture.id).sort()).toEqual(LEAGUE_MATCHES);
    expect(snapshot.fixtures).toEqual(truth);
  });
});

describe("a stream and the rate limit", () => {
  it("counts as one request, however many events it carries", async () => {
    const limited = await startTestEnv({ RATE_LIMIT_PER_SECOND: "0.001", RATE_LIMIT_BURST: "3", STREAM_HEARTBEAT_MS: "500" });
    try {
      const own = await limited.createKey();
      const response = await limited.get("/livescores/stream", { key: own });
      expect(response.status).toBe(200);
      expect(response.headers.get("ratelimit-remaining")).toBe("2");
      const reader = response.body!.getReader();
      let text = "";
      while ((text.match(/: heartbeat/g) ?? []).length < 2) text += new TextDecoder().decode((await reader.read()).value);
      await reader.cancel();
      expect((await limited.get("/types", { key: own })).status).toBe(200);
      expect((await limited.get("/types", { key: own })).status).toBe(200);
      expect((await limited.get("/types", { key: own })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
