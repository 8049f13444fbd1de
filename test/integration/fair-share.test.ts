import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";
import { TcpProxy } from "../support/tcp-proxy.js";

/**
 * Fair share (docs/operations.md, "Fair share") through the real app and node: what requests are
 * charged, budgets in units, the lane of expensive requests, their time limit and their
 * cancellation when the client leaves. A TCP proxy in front of the node holds requests on their
 * way to it, so an expensive request stays in flight as long as a test needs.
 */

const BACKTEST = "/fixtures/backtest?market_id=1&label_id=1&start_date=2020-01-01";

async function until(condition: () => boolean, withinMs: number): Promise<number> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

describe("what requests are charged", () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await startTestEnv({ RATE_LIMIT_PER_SECOND: "10", RATE_LIMIT_BURST: "1000" });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("tells every answer's cost in Request-Cost, and takes it from RateLimit-Remaining", async () => {
    const key = await env.createKey();
    const ordinary = await env.get("/types", { key });
    expect(ordinary.status).toBe(200);
    expect(ordinary.headers.get("Request-Cost")).toBe("1");
    const backtest = await env.get(BACKTEST, { key });
    expect(backtest.status).toBe(200);
    const cost = Number(backtest.headers.get("Request-Cost"));
    expect(cost).toBeGreaterThanOrEqual(1);
    // The bucket refills while the requests run (10 units a second): at most what that adds.
    const before = Number(ordinary.headers.get("RateLimit-Remaining"));
    const after = Number(backtest.headers.get("RateLimit-Remaining"));
    expect(after).toBeLessThanOrEqual(before - cost + 10);
    expect(after).toBeGreaterThanOrEqual(before - cost - 1);
  });

  it("charges a request that fails validation its one unit, and a refused one nothing", async () => {
    const key = await env.createKey({ rateLimit: 0.1 });
    const bad = await env.get("/fixtures/backtest?market_id=1", { key });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("Request-Cost")).toBe("1");
    // 0.1 units a second with the default's 100 seconds of burst: 10 units.
    for (let i = 0; i < 9; i++) await env.get("/types", { key });
    const refused = await env.get("/types", { key });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Request-Cost")).toBe("0");
  });
});

describe("a budget in units", () => {
  let env: TestEnv;
  beforeAll(async () => {
    // A unit of 0.1 ms makes every request cost tens of units: more than the bucket of 3 holds.
    env = await startTestEnv({ RATE_LIMIT_PER_SECOND: "1", RATE_LIMIT_BURST: "3", COST_UNIT_MS: "0.1" });
  });
  afterAll(async () => {
    await env?.close();
  });

  it("starts a request dearer than the bucket from a full bucket, and makes the key pay the debt before its next", async () => {
    const key = await env.createKey();
    const first = await env.get(BACKTEST, { key });
    expect(first.status).toBe(200);
    const cost = Number(first.headers.get("Request-Cost"));
    expect(cost).toBeGreaterThan(10);
    expect(first.headers.get("RateLimit-Remaining")).toBe("0");
    const next = await env.get("/types", { key });
    expect(next.status).toBe(429);
    // The debt (cost - 3 units, less what refilled meanwhile) plus the unit /types needs, at 1 a second.
    expect(Number(next.headers.get("Retry-After"))).toBeGreaterThan(cost - 3 - 5);
    // Another key is untouched.
    expect((await env.get("/types", { key: await env.createKey() })).status).toBe(200);
  });
});

describe("the lane of expensive requests", () => {
  const proxy = TcpProxy.toTestNode();
  let env: TestEnv;
  beforeAll(async () => {
    await proxy.open();
    env = await startTestEnv({
      ELASTICSEARCH_URL: proxy.url,
      // Budgets on (the per-key cap is a limit), too large to run out here.
      RATE_LIMIT_PER_SECOND: "1000",
      RATE_LIMIT_BURST: "100000",
      // Keys stay cached while the proxy holds the node's requests.
      KEY_CACHE_TTL_MS: "60000",
      ADMISSION_MAX_IN_FLIGHT: "1",
      EXPENSIVE_PER_KEY: "1",
      EXPENSIVE_TIMEOUT_MS: "1500",
      // Every search may reach the node here; "the node's search threads" below holds them to one.
      EXPENSIVE_NODE_SEARCHES: "8",
    });
  });
  afterEach(() => proxy.release());
  afterAll(async () => {
    proxy.release();
    await env?.close();
    await proxy.close();
  });

  /** A key whose lookup is cached, so its requests reach the lane while the node's requests are held. */
  async function cachedKey(rateLimit: number | null = null): Promise<string> {
    const key = await env.createKey({ rateLimit });
    expect((await env.get("/types", { key })).status).toBe(200);
    return key;
  }

  it("holds no ordinary slot: a score page is answered while a backtest waits on the node", async () => {
    const key = await cachedKey();
    proxy.hold();
    const backtest = env.get(BACKTEST, { key });
    await until(() => proxy.heldRequests() > 0, 5_000);
    // One admission slot in all (ADMISSION_MAX_IN_FLIGHT=1): the backtest gave it back.
    const ordinary = await env.get("/types", { key });
    expect(ordinary.status).toBe(200);
    proxy.release();
    expect((await backtest).status).toBe(200);
  });

  it("refuses a key's expensive request past its cap with 429, and lets another key's in", async () => {
    const key = await cachedKey();
    const other = await cachedKey();
    proxy.hold();
    const first = env.get(BACKTEST, { key });
    await until(() => proxy.heldRequests() > 0, 5_000);
    const second = await env.get(BACKTEST, { key });
    expect(second.status).toBe(429);
    expect(second.headers.get("Retry-After")).toBe("1");
    expect(second.headers.get("Request-Cost")).toBe("0");
    expect(((await second.json()) as { error: string }).error).toMatch(/^Too many requests: this key already has 1 expensive requests/);
    const others = env.get(BACKTEST, { key: other });
    proxy.release();
    expect((await first).status).toBe(200);
    expect((await others).status).toBe(200);
  });

  it("caps no key exempt from limits", async () => {
    const exempt = await cachedKey(0);
    proxy.hold();
    const first = env.get(BACKTEST, { key: exempt, headers: { "X-Request-Id": "exempt-first" } });
    const second = env.get(BACKTEST, { key: exempt, headers: { "X-Request-Id": "exempt-second" } });
    // Both reached the node: neither was refused nor kept waiting by a cap.
    await until(() => proxy.heldRequests("exempt-first") > 0 && proxy.heldRequests("exempt-second") > 0, 5_000);
    proxy.release();
    expect([(await first).status, (await second).status]).toEqual([200, 200]);
  });

  it("stops a request that runs past EXPENSIVE_TIMEOUT_MS with 503 and Retry-After, never a partial answer", async () => {
    const key = await cachedKey();
    proxy.hold();
    const started = Date.now();
    const response = await env.get(BACKTEST, { key });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(response.status).toBe(503);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(((await response.json()) as { error: string }).error).toMatch(/ran past its time limit of 1500 ms/);
  });

  it("cancels the searches of a request whose client went away, within a second", async () => {
    const key = await cachedKey();
    proxy.hold();
    const client = new AbortController();
    // The request's id goes to the node as X-Opaque-Id: it tells this request's searches from the others'.
    const id = "fair-share-cancel-test";
    const request = env.get(BACKTEST, { key, signal: client.signal, headers: { "X-Request-Id": id } }).catch(() => null);
    await until(() => proxy.heldRequests(id) > 0, 5_000);
    client.abort();
    // The service closes its connections to the node that carried the request's searches.
    const ms = await until(() => proxy.heldRequests(id) === 0, 1_000);
    expect(ms).toBeLessThan(1_000);
    expect(await request).toBeNull();
  });
});

describe("the node's search threads", () => {
  const proxy = TcpProxy.toTestNode();
  let env: TestEnv;
  beforeAll(async () => {
    await proxy.open();
    // EXPENSIVE_NODE_SEARCHES at its default: one search of expensive requests on the node at once.
    env = await startTestEnv({ ELASTICSEARCH_URL: proxy.url, KEY_CACHE_TTL_MS: "60000" });
  });
  afterEach(() => proxy.release());
  afterAll(async () => {
    proxy.release();
    await env?.close();
    await proxy.close();
  });

  async function cachedKey(): Promise<string> {
    const key = await env.createKey();
    expect((await env.get("/types", { key })).status).toBe(200);
    return key;
  }

  /** Searches seen on their way to the node over the next `ms` ms: the most held at once. */
  async function mostHeld(count: () => number, ms: number): Promise<number> {
    let most = 0;
    const until = Date.now() + ms;
    while (Date.now() < until) {
      most = Math.max(most, count());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return most;
  }

  it("sends an expensive request's searches one at a time, each searching its shards one at a time", async () => {
    const key = await cachedKey();
    proxy.hold();
    const id = "node-threads-one";
    // A pre-match backtest sends three searches side by side (src/routes/fixtures-backtest/router.ts).
    const backtest = env.get(BACKTEST, { key, headers: { "X-Request-Id": id } });
    await until(() => proxy.heldRequests(id) > 0, 5_000);
    expect(await mostHeld(() => proxy.heldRequests(id), 300)).toBe(1);
    expect(proxy.heldRequests("max_concurrent_shard_requests=1")).toBe(1);
    proxy.release();
    expect((await backtest).status).toBe(200);
  });

  it("keeps a second expensive request's searches off the node while the first's runs, and answers both", async () => {
    const [first, second] = [await cachedKey(), await cachedKey()];
    proxy.hold();
    const requests = [
      env.get(BACKTEST, { key: first, headers: { "X-Request-Id": "node-threads-a" } }),
      env.get(BACKTEST, { key: second, headers: { "X-Request-Id": "node-threads-b" } }),
    ];
    await until(() => proxy.heldRequests("node-threads-") > 0, 5_000);
    expect(await mostHeld(() => proxy.heldRequests("node-threads-"), 300)).toBe(1);
    proxy.release();
    expect((await Promise.all(requests)).map((response) => response.status)).toEqual([200, 200]);
  });
});
