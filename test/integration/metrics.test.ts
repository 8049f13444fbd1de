import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

const TOKEN = "metrics-token-0123456789";
let env: TestEnv;
let guarded: TestEnv;
beforeAll(async () => {
  // A real key-cache expiry, so the second request with a key is a hit.
  env = await startTestEnv({ KEY_CACHE_TTL_MS: "30000" });
  guarded = await startTestEnv({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await env?.close();
  await guarded?.close();
});

async function scrape(target: TestEnv = env): Promise<string> {
  const response = await target.get("/metrics", { key: null });
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one sample line, by its exact name and labels. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("GET /metrics", () => {
  it("counts and times requests by route pattern, method and status", async () => {
    const key = await env.createKey();
    await env.get("/types", { key });
    await env.get("/types?language=de", { key });
    await env.get("/fixtures?per_page=0", { key });
    await env.get("/bet-builders/987654", { key });
    await env.get("/fixtures", { key: null });
    await env.get("/no/such/path-123", { key: null });

    const text = await scrape();
    expect(sample(text, 'http_requests_total{route="/types",method="GET",status="200"}')).toBe(2);
    expect(sample(text, 'http_requests_total{route="/fixtures",method="GET",status="400"}')).toBe(1);
    expect(sample(text, 'http_requests_total{route="/fixtures",method="GET",status="403"}')).toBe(1);
    expect(sample(text, 'http_requests_total{route="/bet-builders/:id",method="GET",status="404"}')).toBe(1);
    expect(sample(text, 'http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{route="/types",method="GET",status="200"}')).toBe(2);
    // Raw URLs never become label values.
    expect(text).not.toMatch(/path-123|987654|per_page/);
  });

  it("reports Elasticsearch latency by client API, key-cache hits and misses, and process metrics", async () => {
    const key = await env.createKey();
    await env.get("/fixtures", { key });
    await env.get("/fixtures", { key });
    const text = await scrape();
    expect(sample(text, 'elasticsearch_request_duration_seconds_count{operation="search",outcome="success"}')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'api_key_cache_requests_total{result="miss"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'api_key_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  it("answers in the Prometheus text format, never cached", async () => {
    const response = await env.get("/metrics", { key: null });
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect((await env.get("/metrics", { key: null, method: "POST" })).status).toBe(405);
  });
});

describe("who may read /metrics", () => {
  it("without METRICS_TOKEN: loopback only; a proxied request is 404 like an unknown path", async () => {
    for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
      const response = await env.get("/metrics", { key: null, headers: { [header]: "203.0.113.7" } });
      expect(response.status, header).toBe(404);
      expect(await response.json()).toEqual({ error: "Not found" });
    }
  });

  it("with METRICS_TOKEN: the Bearer token from anywhere, loopback without it, else 403", async () => {
    const proxied = { "X-Forwarded-For": "203.0.113.7" };
    const withToken = await guarded.get("/metrics", { key: null, headers: { ...proxied, Authorization: `Bearer ${TOKEN}` } });
    expect(withToken.status).toBe(200);
    expect(await withToken.text()).toContain("http_requests_total");

    for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`]) {
      const headers = authorization === undefined ? proxied : { ...proxied, Authorization: authorization };
      const refused = await guarded.get("/metrics", { key: null, headers });
      expect(refused.status, authorization).toBe(403);
      expect(await refused.json()).toEqual({ error: "Unauthorized" });
    }
    expect((await guarded.get("/metrics", { key: null })).status).toBe(200);
  });

  it("is not part of the OpenAPI document", async () => {
    const document = (await (await env.get("/openapi.json", { key: null })).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).not.toContain("/metrics");
  });
});
