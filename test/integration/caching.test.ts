import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PARTS_BODY_MIN_BYTES } from "../../src/http/fixture-list-response.js";
import { loadCatalog, MINI_SEASONS, miniCatalog } from "../support/mini-catalog.js";
import { rawGet } from "../support/raw-get.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";
import { readOneFixtureVersioned } from "../../src/store/fixture-reads.js";

const NOW = new Date("2026-11-21T15:30:00.000Z");
let env: TestEnv;
let key: string;
beforeAll(async () => {
  env = await startTestEnv();
  key = await env.createKey({ roles: ["standings"] });
  await loadCatalog(
    env,
    miniCatalog([
      { id: 1, home: 11, away: 12, date_time: "2025-01-05T15:00:00.000Z", status: "FT", result: { ft: [1, 0] } },
      { id: 2, home: 13, away: 14, date_time: "2025-01-06T15:00:00.000Z", status: "FT", result: { ft: [2, 2] } },
      { id: 3, home: 15, away: 16, date_time: "2025-01-07T15:00:00.000Z", status: "POSTPONED" },
    ]),
    NOW,
  );
});
afterAll(async () => {
  await env?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => env.get(path, { key, headers });

describe("ETag and 304 for data that is not live", () => {
  for (const [path, cacheControl] of [
    ["/types", "private, max-age=3600"],
    [`/standings?season_id=${MINI_SEASONS.past.id}`, "private, max-age=60"],
    ["/fixtures?fixture_id=1,2&include=odds,statistics", "private, max-age=60"],
  ] as const) {
    it(`answers ${path} with a weak ETag and 304 while it matches`, async () => {
      // node:http, not fetch: fetch adds `Cache-Control: no-cache` to conditional requests.
      const conditional = (etag: string) => rawGet(env.url + path, { "X-API-Key": key, "If-None-Match": etag });
      const first = await get(path);
      expect(first.status).toBe(200);
      const body = await first.text();
      expect(body.length).toBeGreaterThan(10);
      const etag = first.headers.get("ETag");
      expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers.get("Cache-Control")).toBe(cacheControl);

      const again = await conditional(etag!);
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers["cache-control"]).toBe(cacheControl);

      const stale = await conditional('W/"something-else"');
      expect(stale.status).toBe(200);
      expect(stale.body.toString()).toBe(body);
    });
  }

  it("gives another representation another ETag", async () => {
    const en = await get("/fixtures?fixture_id=1,2");
    const de = await get("/fixtures?fixture_id=1,2&language=de");
    expect(en.headers.get("ETag")).not.toBe(de.headers.get("ETag"));
    const conditional = await rawGet(`${env.url}/fixtures?fixture_id=1,2&language=de`, { "X-API-Key": key, "If-None-Match": en.headers.get("ETag")! });
    expect(conditional.status).toBe(200);
  });

  it("gives a /fixtures page another ETag once one of its fixtures is written again, and the old one gets the new body", async () => {
    const path = "/fixtures?fixture_id=1,2&include=odds";
    const before = await rawGet(env.url + path, { "X-API-Key": key });
    const etag = String(before.headers.etag);
    // Written where it is: a settled fixture of last season is in history (docs/scaling.md).
    const { index, stored: { doc: stored } } = (await readOneFixtureVersioned<{ league: { name: string } }>(env.es, env.deps.indices, "2"))!;
    const renamed = { ...stored, league: { ...stored.league, name: `${stored.league.name} (renamed)` } };
    await env.es.index({ index, id: "2", document: renamed, refresh: true });
    try {
      const after = await rawGet(env.url + path, { "X-API-Key": key, "If-None-Match": etag });
      expect(after.status).toBe(200);
      expect(after.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
      expect(after.headers.etag).not.toBe(etag);
      expect(after.body.toString()).toContain("(renamed)");
      expect(after.body.toString()).not.toBe(before.body.toString());
    } finally {
      await env.es.index({ index, id: "2", document: stored, refresh: true });
    }
  });

  it("answers HEAD on a /fixtures page like GET: status, ETag and Content-Length, without a body", async () => {
    const path = "/fixtures?fixture_id=1,2&include=odds,statistics,metrics,trends,movement";
    const get = await rawGet(env.url + path, { "X-API-Key": key });
    // Large enough to be sent from its parts (src/http/parts-body.ts), not joined.
    expect(get.body.length).toBeGreaterThanOrEqual(PARTS_BODY_MIN_BYTES);
    const head = await env.get(path, { key, method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("ETag")).toBe(get.headers.etag);
    expect(Number(head.headers.get("Content-Length"))).toBe(get.body.length);
    expect(Number(get.headers["content-length"])).toBe(get.body.length);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // The same page asked again with its ETag: 304 and no body, not the parts written anyway.
    const again = await rawGet(env.url + path, { "X-API-Key": key, "If-None-Match": String(get.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("treats a /fixtures page with an unsettled or no fixture as live: no ETag, no 304", async () => {
    for (const path of ["/fixtures?fixture_id=1,3", "/fixtures?fixture_id=999"]) {
      const response = await rawGet(env.url + path, { "X-API-Key": key, "If-None-Match": "*" });
      expect(response.status, path).toBe(200);
      expect(response.headers.etag, path).toBeUndefined();
      expect(response.headers["cache-control"], path).toBe("private, no-cache");
    }
  });
});

describe("Cache-Control per endpoint", () => {
  it("marks live data no-cache, entity search briefly cacheable and errors no-store", async () => {
    const expected: Array<[string, number, string]> = [
      ["/livescores", 200, "private, no-cache"],
      ["/fixtures/search", 200, "private, no-cache"],
      ["/bet-builders", 200, "private, no-cache"],
      ["/search?q=arsenal&types=team", 200, "private, max-age=30"],
      ["/fixtures?per_page=0", 400, "no-store"],
      ["/bet-builders/123", 404, "no-store"],
    ];
    for (const [path, status, cacheControl] of expected) {
      const response = await get(path);
      expect(response.status, path).toBe(status);
      expect(response.headers.get("Cache-Control"), path).toBe(cacheControl);
      expect(response.headers.get("ETag"), path).toBeNull();
    }
    expect((await env.get("/types", { key: null })).headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("compression", () => {
  it("sends br or gzip as the client prefers, the same JSON as uncompressed", async () => {
    const auth = { "X-API-Key": key };
    const plain = await rawGet(`${env.url}/types`, { ...auth, "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await rawGet(`${env.url}/types`, { ...auth, "Accept-Encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    const gzip = await rawGet(`${env.url}/types`, { ...auth, "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });

  it("compresses a fixture list sent from its parts like any body, without a Content-Length", async () => {
    const path = `${env.url}/fixtures?fixture_id=1,2,3&include=odds,statistics,metrics,trends,movement`;
    const auth = { "X-API-Key": key };
    const plain = await rawGet(path, { ...auth, "Accept-Encoding": "identity" });
    expect(plain.body.length).toBeGreaterThanOrEqual(PARTS_BODY_MIN_BYTES);
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(JSON.parse(plain.body.toString()).fixtures).toHaveLength(3);
    for (const [encoding, decode] of [["br", brotliDecompressSync], ["gzip", gunzipSync]] as const) {
      const compressed = await rawGet(path, { ...auth, "Accept-Encoding": encoding });
      expect(compressed.headers["content-encoding"]).toBe(encoding);
      expect(compressed.headers["content-length"]).toBeUndefined();
      expect(compressed.body.length).toBeLessThan(plain.body.length / 3);
      expect(decode(compressed.body).equals(plain.body)).toBe(true);
    }
  });

  it("leaves bodies under 1 kB and 304s uncompressed", async () => {
    const auth = { "X-API-Key": key, "Accept-Encoding": "br, gzip" };
    const small = await rawGet(`${env.url}/fixtures?fixture_id=999`, auth);
    expect(small.status).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toMatchObject({ fixtures: [] });

    const etag = String((await rawGet(`${env.url}/types`, auth)).headers.etag);
    const notModified = await rawGet(`${env.url}/types`, { ...auth, "If-None-Match": etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers["content-encoding"]).toBeUndefined();
    expect(notModified.body.length).toBe(0);
  });
});
