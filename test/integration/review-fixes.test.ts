import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";
import { TcpProxy } from "../support/tcp-proxy.js";

const proxy = TcpProxy.toTestNode();
let env: TestEnv;

beforeAll(async () => {
  await proxy.open();
  env = await startTestEnv({ ELASTICSEARCH_URL: proxy.url, ELASTICSEARCH_REQUEST_TIMEOUT_MS: "2000" });
});
afterAll(async () => {
  await proxy.open();
  await env?.close();
  await proxy.close();
});

describe("edge cases found in review", () => {
  it("answers 404 for inherited member names under /docs/assets", async () => {
    for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const response = await env.get(`/docs/assets/${name}`, { key: null });
      expect(response.status, name).toBe(404);
    }
  });

  it("falls back to X-API-Key when Authorization carries another scheme", async () => {
    const key = await env.createKey();
    const response = await env.get("/types", {
      key: null,
      headers: { Authorization: "Basic dXNlcjpwYXNz", "X-API-Key": key },
    });
    expect(response.status).toBe(200);
  });

  it("treats ids beyond the safe-integer range as misses, not as malformed", async () => {
    const key = await env.createKey({ userId: 5, roles: ["standings"] });
    const standings = await env.get("/standings?season_id=12345678901234567890", { key });
    expect(standings.status).toBe(200);
    expect(await standings.json()).toEqual({ standings: [] });
    const builder = await env.get("/bet-builders/12345678901234567890", { key });
    expect(builder.status).toBe(404);
    expect(await builder.json()).toEqual({ error: "Bet builder not found" });
  });

  it("checks a lone start_date or end_date (impossible dates are a 400), then ignores it", async () => {
    const garbage = await env.get("/fixtures?start_date=garbage");
    expect(garbage.status).toBe(400);
    expect(((await garbage.json()) as { error: string }).error).toMatch(/^start_date must be in the form/);
    const impossible = await env.get("/fixtures?end_date=2026-02-30");
    expect(impossible.status).toBe(400);
    expect(await impossible.json()).toEqual({ error: "end_date is not a valid date: 2026-02-30" });
    const all = await (await env.get("/fixtures?per_page=100")).json();
    expect(await (await env.get("/fixtures?per_page=100&start_date=2020-01-01")).json()).toEqual(all);
    expect(await (await env.get("/fixtures?per_page=100&end_date=2020-01-01T00:00:00Z")).json()).toEqual(all);
  });

  it("rejects a malformed bracket key and id lists longer than 100 inside filters", async () => {
    const malformed = await env.get("/fixtures/search?where[CORNERS]]=1:2");
    expect(malformed.status).toBe(400);
    const ids = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    const tooMany = await env.get(`/fixtures/search?include=odds&filter[odds]=bookmakers:${ids}`);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: string }).error).toMatch(/at most 100/);
  });

  it("answers the /search fault text when Elasticsearch fails during the key check", async () => {
    const key = await env.createKey();
    await proxy.close();
    try {
      const response = await env.get("/search?q=arsenal&types=team", { key });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: "Search temporarily unavailable" });
    } finally {
      await proxy.open();
    }
  });
});
