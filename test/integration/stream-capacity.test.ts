import type { ServerResponse } from "node:http";
import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixturesSearchStandingQuery } from "../../src/routes/streams/standing-queries.js";
import type { StandingQuerySpec } from "../../src/streams/standing-query.js";
import { Subscriber } from "../../src/streams/subscriber.js";
import { indexSearchFixtures, type SearchFixtureSpec } from "../support/search-fixtures.js";
import { StreamClient } from "../support/stream-client.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * What bounds the streams of an instance: the distinct queries (STREAM_MAX_QUERIES) and one
 * memory budget (STREAM_MEMORY_MB). Past either, a new stream gets 503 + Retry-After before it
 * starts, and the open streams keep working. And one standing query that cannot be asked fails
 * alone: the others' openings still answer.
 */
const IN_PLAY: SearchFixtureSpec[] = Array.from({ length: 6 }, (_, i) => ({
  id: 8_000 + i,
  date_time: new Date(Date.now() - 30 * 60_000),
  status: "INPLAY_1ST_HALF",
  league_id: 1 + (i % 3),
  statistics: [["CORNERS", "home", i]],
}));
const ALL_INCLUDES = "include=odds,statistics,metrics";
const SETTINGS = { STREAMS_PER_KEY: "1000", STREAM_POLL_MS: "100", STREAM_HEARTBEAT_MS: "1000" };

const clients: StreamClient[] = [];
function open(env: TestEnv, path: string, key: string): StreamClient {
  const client = new StreamClient(env.url + path, key);
  clients.push(client);
  return client;
}

/** Opens until one is refused or `max` are open; returns the open ones and the refusal. */
async function openUntilRefused(env: TestEnv, key: string, path: (i: number) => string, max: number) {
  const opened: StreamClient[] = [];
  for (let i = 0; i < max; i++) {
    const client = open(env, path(i), key);
    await client.waitFor("a snapshot or a refusal", () => client.count("snapshot") === 1 || client.refused !== null, 10_000);
    if (client.refused) return { opened, refused: client.refused, path: path(i) };
    opened.push(client);
  }
  return { opened, refused: null, path: null };
}

let queriesCapped: TestEnv;
let memoryCapped: TestEnv;
let plain: TestEnv;

beforeAll(async () => {
  queriesCapped = await startTestEnv({ ...SETTINGS, STREAM_MAX_QUERIES: "3" });
  memoryCapped = await startTestEnv({ ...SETTINGS, STREAM_MEMORY_MB: "4" }, { dataPrefix: queriesCapped.config.indexPrefix });
  plain = await startTestEnv(SETTINGS, { dataPrefix: queriesCapped.config.indexPrefix });
  await indexSearchFixtures(queriesCapped, IN_PLAY);
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await memoryCapped?.close();
  await plain?.close();
  await queriesCapped?.close();
});

describe("STREAM_MAX_QUERIES", () => {
  it("refuses a stream on one more distinct query with 503 and Retry-After, while streams on held queries still open", async () => {
    const key = await queriesCapped.createKey();
    const { opened, refused } = await openUntilRefused(queriesCapped, key, (i) => `/livescores/stream?league_id=${i + 1}`, 10);
    expect(opened).toHaveLength(3);
    expect(refused?.status).toBe(503);
    expect(JSON.parse(refused!.body)).toEqual({
      error: "This instance holds its maximum of distinct stream queries; open the stream again after Retry-After seconds",
    });
    const raw = await queriesCapped.get("/livescores/stream?league_id=99", { key });
    expect(raw.status).toBe(503);
    expect(raw.headers.get("retry-after")).toBe("5");
    const same = open(queriesCapped, "/livescores/stream?league_id=1", key);
    await same.waitFor("a snapshot", () => same.count("snapshot") === 1);
    // Once one closes and its query is idle, a new distinct query gets its place.
    opened[2]!.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = open(queriesCapped, "/livescores/stream?league_id=42", key);
    await next.waitFor("a snapshot", () => next.count("snapshot") === 1);
  });
});

describe("STREAM_MEMORY_MB", () => {
  it("refuses new streams past the budget with 503 and Retry-After, and the open ones keep receiving", async () => {
    const key = await memoryCapped.createKey();
    const hub = memoryCapped.deps.streams;
    // Every query distinct (its own leagues), every include: what costs the most.
    const { opened, refused } = await openUntilRefused(memoryCapped, key, (i) => `/livescores/stream?${ALL_INCLUDES}&league_id=1,2,3,${1_000 + i}`, 400);
    expect(refused?.status).toBe(503);
    expect(JSON.parse(refused!.body).error).toBe("This instance's streams hold their memory budget; open the stream again after Retry-After seconds");
    expect(opened.length).toBeGreaterThan(10);
    expect(hub.openStreams).toBe(opened.length);
    expect(hub.memory.used).toBeLessThanOrEqual(hub.memory.budget);

    // The open streams keep working: a write reaches them.
    const before = opened.map((client) => client.count("update"));
    await indexSearchFixtures(memoryCapped, [{ ...IN_PLAY[0]!, statistics: [["CORNERS", "home", 9]] }]);
    for (const [i, client] of opened.entries()) await client.waitFor("the update", () => client.count("update") > before[i]!, 10_000);
  }, 60_000);
});

describe("a standing query whose request cannot be built", () => {
  it("fails its own opening only: another query's opening in the same round still answers", async () => {
    const hub = plain.deps.streams;
    const good = fixturesSearchStandingQuery(plain.deps, {
      window: "live", where: [], order: null, includes: new Set(), language: "en", filters: {}, statuses: undefined, leagueIds: [2],
    } as never);
    const broken: StandingQuerySpec = { ...good, key: "broken", request: () => {
      throw new Error("a builder's bug");
    } };
    const subscriber = () =>
      new Subscriber({ response: Object.assign(new EventEmitter(), { writableLength: 0 }) as unknown as ServerResponse, key: "k", keyId: "capacity-test", lastEventId: null, maxBufferedBytes: 1 << 20, onClose: () => {} });
    const [a, b] = [subscriber(), subscriber()];
    const outcomes = await Promise.allSettled([hub.join(broken, a), hub.join(good, b)]);
    expect(outcomes[0]).toMatchObject({ status: "rejected", reason: { message: "a builder's bug" } });
    expect(outcomes[1]).toEqual({ status: "fulfilled", value: undefined });
    hub.release(a, broken);
    hub.release(b, good);
  });
});
