import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

describe("authentication", () => {
  it("returns 403 Unauthorized without a key", async () => {
    const response = await env.get("/types", { key: null });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
  });

  it("returns 403 Unauthorized for a malformed key and for an unknown well-formed key", async () => {
    for (const key of ["nope", `sfd_${"A".repeat(32)}`]) {
      const response = await env.get("/types", { key });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "Unauthorized" });
    }
  });

  it("accepts a key as Bearer token, as X-API-Key and as api_token", async () => {
    const key = await env.createKey();
    const bearer = await env.get("/types", { key: null, headers: { Authorization: `Bearer ${key}` } });
    const header = await env.get("/types", { key });
    const query = await env.get(`/types?api_token=${encodeURIComponent(key)}`, { key: null });
    expect([bearer.status, header.status, query.status]).toEqual([200, 200, 200]);
  });

  it("prefers the Authorization header over X-API-Key", async () => {
    const key = await env.createKey();
    const response = await env.get("/types", { key, headers: { Authorization: "Bearer wrong" } });
    expect(response.status).toBe(403);
  });

  it("rejects a revoked key", async () => {
    const key = await env.createKey({ userId: 9 });
    expect((await env.get("/types", { key })).status).toBe(200);
    const [record] = (await env.keyStore.list()).filter((r) => r.user_id === 9);
    expect(record).toBeDefined();
    expect(await env.keyStore.revoke(record!.id)).toBe(true);
    const response = await env.get("/types", { key });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
  });

  it("answers 403 Unauthorized on every API endpoint without a key and with a revoked key", async () => {
    const key = await env.createKey({ userId: 77, roles: ["standings"] });
    const [record] = (await env.keyStore.list()).filter((r) => r.user_id === 77);
    await env.keyStore.revoke(record!.id);
    const paths = [
      "/types",
      "/fixtures",
      "/fixtures/search",
      "/livescores",
      "/search?q=arsenal&types=team",
      "/standings?season_id=1",
      "/bet-builders",
      "/bet-builders/1",
    ];
    for (const path of paths) {
      for (const presented of [null, key]) {
        const response = await env.get(path, { key: presented });
        expect(response.status, `${path} with ${presented ? "a revoked key" : "no key"}`).toBe(403);
        expect(await response.json()).toEqual({ error: "Unauthorized" });
      }
    }
  });

  it("serves the public pages without a key", async () => {
    for (const path of ["/health", "/ready", "/openapi.json", "/docs"]) {
      const response = await env.get(path, { key: null });
      expect(response.status, path).toBe(200);
    }
  });
});

describe("unknown paths and methods", () => {
  it("returns 404 Not found for an unknown path, with or without a key", async () => {
    for (const key of [null, undefined]) {
      const response = await env.get("/nope", { key });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "Not found" });
    }
  });

  it("returns 405 with Allow for POST, PUT, DELETE and PATCH on a known path", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const response = await env.get("/types", { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
      expect(await response.json()).toEqual({ error: "Method not allowed" });
    }
  });

  it("answers HEAD like GET without a body", async () => {
    const response = await env.get("/types", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });
});

describe("request ids", () => {
  it("echoes a well-formed X-Request-Id and creates one otherwise", async () => {
    const echoed = await env.get("/health", { headers: { "X-Request-Id": "abc-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("abc-123");
    const created = await env.get("/health", { headers: { "X-Request-Id": "bad id with spaces" } });
    expect(created.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
