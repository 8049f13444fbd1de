import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LuaScript, SharedState, SharedStateTimeoutError, SharedStateUnavailableError } from "../../src/shared-state/shared-state.js";
import { SharedSlots } from "../../src/shared-state/shared-slots.js";
import { createLogger } from "../../src/logger.js";
import { redisAvailable, startRedis, type RedisServer } from "../../scripts/lib/redis-server.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * Two real instances (each its own Koa app, key cache and hub, on its own socket) on one data
 * prefix and one real Redis: a key's rate limit and stream cap are the same whether it talks to
 * one instance or to both; without Redis answering, each instance limits on its own.
 */
const SETTINGS = { RATE_LIMIT_PER_SECOND: "0.2", RATE_LIMIT_BURST: "3", STREAMS_PER_KEY: "2", STREAM_HEARTBEAT_MS: "1000" };

let redis: RedisServer;
let a: TestEnv;
let b: TestEnv;

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/**
 * A stream held open by a reader that never reads past the head (enough to hold a slot). The
 * response stays referenced until `close`: undici cancels the body of a Response that is garbage
 * collected, which closed a stream the test still counted on whenever a collection ran between
 * two steps.
 */
async function openStream(env: TestEnv, key: string): Promise<{ status: number; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${env.url}/livescores/stream`, { headers: { "X-API-Key": key }, signal: controller.signal });
  if (response.status !== 200) await response.body?.cancel();
  return {
    status: response.status,
    close: () => {
      controller.abort();
      void response.bodyUsed;
    },
  };
}

describe.skipIf(!redisAvailable)("limits across instances (REDIS_URL)", () => {
  beforeAll(async () => {
    redis = await startRedis();
    a = await startTestEnv({ ...SETTINGS, REDIS_URL: redis.url });
    b = await startTestEnv({ ...SETTINGS, REDIS_URL: redis.url }, { dataPrefix: a.config.indexPrefix });
    await until("both instances connected to Redis", () => a.deps.sharedState!.isConnected && b.deps.sharedState!.isConnected);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

  it("takes a key's requests from one bucket, whichever instance answers, with truthful RateLimit headers", async () => {
    const key = await a.createKey();
    const responses = [];
    for (const env of [a, b, a, b, a, b]) responses.push(await env.get("/types", { key }));
    // Alone, each instance would have allowed three (six in all).
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(responses.map((response) => response.headers.get("RateLimit-Remaining"))).toEqual(["2", "1", "0", "0", "0", "0"]);
    expect(responses.every((response) => response.headers.get("RateLimit-Limit") === "3")).toBe(true);
    expect(Number(responses[3]!.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
  });

  it("keeps a key's own limit across instances, and keys apart", async () => {
    const own = await a.createKey({ rateLimit: 0.1 });
    // 0.1 a second with the default's 15 seconds of burst: a bucket of 2 (1.5 rounded).
    const statuses = [];
    for (const env of [b, a, b]) statuses.push((await env.get("/types", { key: own })).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect((await a.get("/types", { key: await a.createKey() })).headers.get("RateLimit-Remaining")).toBe("2");
  });

  it("holds a key's stream cap across instances and gives a slot back when a stream closes", async () => {
    const key = await a.createKey({ rateLimit: 0 });
    const first = await openStream(a, key);
    const second = await openStream(b, key);
    expect([first.status, second.status]).toEqual([200, 200]);
    // Each instance holds one: alone, each would allow one more.
    expect((await openStream(a, key)).status).toBe(429);
    expect((await fetch(`${b.url}/livescores/stream?api_token=${key}`, { method: "HEAD" })).status).toBe(429);
    first.close();
    await until("the closed stream's slot to come back on the other instance", async () => {
      const head = await fetch(`${b.url}/livescores/stream?api_token=${key}`, { method: "HEAD" });
      return head.status === 200;
    });
    const third = await openStream(b, key);
    expect(third.status).toBe(200);
    second.close();
    third.close();
  });

  it("gives back the slots of an instance that died, once their lease runs out", async () => {
    const logger = createLogger("silent");
    const state = new SharedState({ url: redis.url, timeoutMs: 250, logger });
    state.start();
    await until("a connection", () => state.isConnected);
    try {
      const dying = new SharedSlots(state, "sfd:slots-test:", 400);
      const living = new SharedSlots(state, "sfd:slots-test:", 400);
      expect(await dying.take("key", 1)).toEqual(expect.any(String));
      // The living instance renews its own, not the other's.
      dying.stop();
      expect(await living.take("key", 1)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 600));
      const slot = await living.take("key", 1);
      expect(slot).toEqual(expect.any(String));
      // Renewed past its first lease, it is still held.
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(await dying.take("key", 1)).toBe(false);
      living.stop();
    } finally {
      await state.close();
    }
  });

  it("answers within REDIS_TIMEOUT_MS while Redis keeps its connections but answers nothing, and shares again once it does", async () => {
    const key = await a.createKey();
    redis.freeze();
    try {
      const started = Date.now();
      const statuses = [];
      for (const env of [a, b, a]) statuses.push((await env.get("/types", { key })).status);
      // Each waited the 250 ms deadline, then took from its instance's own bucket.
      expect(statuses).toEqual([200, 200, 200]);
      expect(Date.now() - started).toBeLessThan(3 * 250 + 1_500);
      const metrics = await (await fetch(`${a.url}/metrics`)).text();
      expect(Number(/^shared_state_fallbacks_total\{what="rate_limit"\} ([0-9]+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(2);
    } finally {
      redis.thaw();
    }
    const fresh = await a.createKey();
    const shared = [];
    for (const env of [a, b, a, b]) shared.push((await env.get("/types", { key: fresh })).status);
    expect(shared).toEqual([200, 200, 200, 429]);
  });

  it("bounds the calls waiting on a frozen Redis: past the bound a call falls back at once", async () => {
    const state = new SharedState({ url: redis.url, timeoutMs: 200, logger: createLogger("silent") });
    state.start();
    await until("a connection", () => state.isConnected);
    const probe = new LuaScript("return 1");
    redis.freeze();
    try {
      const waiting = await Promise.allSettled(Array.from({ length: 1_000 }, () => state.run(probe, ["probe"], [])));
      expect(waiting.every((call) => call.status === "rejected" && call.reason instanceof SharedStateTimeoutError)).toBe(true);
      // The thousand still hold their reply slots: the next call does not join them.
      const started = Date.now();
      await expect(state.run(probe, ["probe"], [])).rejects.toBeInstanceOf(SharedStateUnavailableError);
      expect(Date.now() - started).toBeLessThan(100);
    } finally {
      redis.thaw();
    }
    await until("the waiting calls answered", async () => (await state.run(probe, ["probe"], []).then(() => true, () => false)));
    await state.close();
  });

  it("limits on each instance alone while Redis is away, without failing a request, and shares again once it is back", async () => {
    const key = await a.createKey();
    await redis.stop();
    await until("both instances to see Redis gone", () => !a.deps.sharedState!.isConnected && !b.deps.sharedState!.isConnected);
    const statuses = [];
    for (const env of [a, b, a, b, a, b, a, b]) statuses.push((await env.get("/types", { key })).status);
    // Three each from the instances' own buckets, then 429: never a 500.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    const metrics = await (await fetch(`${a.url}/metrics`)).text();
    expect(metrics).toMatch(/^shared_state_connected 0$/m);
    expect(Number(/^shared_state_fallbacks_total\{what="rate_limit"\} ([0-9]+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(4);

    redis = await startRedis(redis.port);
    await until("both instances back on Redis", () => a.deps.sharedState!.isConnected && b.deps.sharedState!.isConnected, 15_000);
    const fresh = await a.createKey();
    const shared = [];
    for (const env of [a, b, a, b]) shared.push((await env.get("/types", { key: fresh })).status);
    expect(shared).toEqual([200, 200, 200, 429]);
  });
});
