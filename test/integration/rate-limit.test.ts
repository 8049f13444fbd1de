import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiKeyStore } from "../../src/store/api-key-store.js";
import { ensureAliasedIndex } from "../../src/store/ensure-index.js";
import { indexDefinition } from "../../src/store/index-definitions.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

// A slow refill (one token every 5 s) keeps the counts exact however slow the machine is.
let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv({ RATE_LIMIT_PER_SECOND: "0.2", RATE_LIMIT_BURST: "3" });
});
afterAll(async () => {
  await env?.close();
});

const rateHeaders = (response: Response) =>
  ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"].map((name) => response.headers.get(name));

describe("rate limits per key", () => {
  it("allows the burst with RateLimit headers, then answers 429 with Retry-After", async () => {
    const key = await env.createKey();
    const allowed = [];
    for (let i = 0; i < 3; i++) allowed.push(await env.get("/types", { key }));
    expect(allowed.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(allowed.map((response) => response.headers.get("RateLimit-Remaining"))).toEqual(["2", "1", "0"]);
    expect(allowed[0]!.headers.get("RateLimit-Limit")).toBe("3");
    expect(Number(allowed[2]!.headers.get("RateLimit-Reset"))).toBeGreaterThanOrEqual(14);

    const refused = await env.get("/fixtures", { key });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: "Too many requests" });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("Retry-After"))).toBeLessThanOrEqual(5);
    expect(refused.headers.get("RateLimit-Remaining")).toBe("0");
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
  });

  it("keeps each key's bucket apart", async () => {
    const busy = await env.createKey();
    for (let i = 0; i < 4; i++) await env.get("/types", { key: busy });
    expect((await env.get("/types", { key: busy })).status).toBe(429);
    const other = await env.get("/types", { key: await env.createKey() });
    expect(other.status).toBe(200);
    expect(other.headers.get("RateLimit-Remaining")).toBe("2");
  });

  it("lets a key's own limit win over the default, and 0 exempt the key", async () => {
    const generous = await env.get("/types", { key: await env.createKey({ rateLimit: 10 }) });
    // 10 per second with the default's 15 seconds of burst (3 / 0.2).
    expect(rateHeaders(generous)).toEqual(["150", "149", "1"]);

    const exempt = await env.createKey({ rateLimit: 0 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => env.get("/types", { key: exempt })));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(rateHeaders(responses[0]!)).toEqual([null, null, null]);
  });

  it("checks the key first: a bad key gets 403 without rate headers, public pages are never limited", async () => {
    const denied = await env.get("/types", { key: `sfd_${"B".repeat(32)}` });
    expect(denied.status).toBe(403);
    expect(rateHeaders(denied)).toEqual([null, null, null]);
    const health = await Promise.all(Array.from({ length: 5 }, () => env.get("/health", { key: null })));
    expect(health.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(rateHeaders(health[0]!)).toEqual([null, null, null]);
  });

  it("counts requests that fail validation too", async () => {
    const key = await env.createKey();
    const bad = await env.get("/fixtures?per_page=0", { key });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("RateLimit-Remaining")).toBe("2");
  });
});

describe("RATE_LIMIT_PER_SECOND=0 (the test default)", () => {
  it("turns limiting off, keys' own limits included", async () => {
    const unlimited = await startTestEnv();
    try {
      const key = await unlimited.createKey({ rateLimit: 1 });
      const responses = await Promise.all(Array.from({ length: 200 }, () => unlimited.get("/types", { key })));
      expect(responses.filter((response) => response.status !== 200)).toEqual([]);
      expect(rateHeaders(responses[0]!)).toEqual([null, null, null]);
    } finally {
      await unlimited.close();
    }
  });
});

describe("an api_keys index made before rate_limit existed", () => {
  it("gains the field at start-up, so keys with their own limit can be created", async () => {
    const alias = `${env.config.indexPrefix}_old_api_keys`;
    const { settings, mappings } = indexDefinition("api_keys");
    const { rate_limit: _added, ...oldProperties } = mappings.properties ?? {};
    await env.es.indices.create({ index: `${alias}_v1`, settings, mappings: { ...mappings, properties: oldProperties }, aliases: { [alias]: {} } });
    const store = new ApiKeyStore(env.es, alias);
    await expect(store.create({ userId: 1, roles: [], rateLimit: 5 })).rejects.toThrow(/strict_dynamic_mapping/);

    await ensureAliasedIndex(env.es, "api_keys", alias);
    const { key, record } = await store.create({ userId: 1, roles: [], rateLimit: 5 });
    expect(record.rate_limit).toBe(5);
    expect(key).toMatch(/^sfd_/);
  });
});
