import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";
import { TcpProxy } from "../support/tcp-proxy.js";

const proxy = TcpProxy.toTestNode();
let env: TestEnv;
let key: string;

beforeAll(async () => {
  await proxy.open();
  env = await startTestEnv({ ELASTICSEARCH_URL: proxy.url, ELASTICSEARCH_REQUEST_TIMEOUT_MS: "2000" });
  key = await env.createKey();
});
afterAll(async () => {
  await proxy.open();
  await env?.close();
  await proxy.close();
});

/** Polls /types for up to 5 s after the node is back: the first 200, or the last status seen. */
async function statusOnceBack(): Promise<number> {
  const back = Date.now();
  let status = 0;
  while (Date.now() - back < 5_000) {
    status = (await env.get("/types", { key })).status;
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return status;
}

describe("when Elasticsearch becomes unreachable", () => {
  it("answers the generic 500, reports /ready 503, and recovers within 5 s of the node coming back", async () => {
    expect((await env.get("/types", { key })).status).toBe(200);
    expect((await env.get("/ready", { key: null })).status).toBe(200);

    await proxy.close();
    const started = Date.now();
    const failing = await env.get("/types", { key });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(failing.status).toBe(500);
    expect(await failing.json()).toEqual({ error: "Internal server error" });
    const notReady = await env.get("/ready", { key: null });
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ error: "Not ready: Elasticsearch is unreachable" });

    await proxy.open();
    expect(await statusOnceBack()).toBe(200);
    expect((await env.get("/ready", { key: null })).status).toBe(200);
  });

  it("answers the generic 500 within the request timeout when the node hangs, without retrying it", async () => {
    proxy.hanging = true;
    await proxy.close();
    await proxy.open();
    const started = Date.now();
    const failing = await env.get("/types", { key });
    const elapsed = Date.now() - started;
    expect(failing.status).toBe(500);
    expect(await failing.json()).toEqual({ error: "Internal server error" });
    // One try of 2 s (ELASTICSEARCH_REQUEST_TIMEOUT_MS), not one per retry.
    expect(elapsed).toBeGreaterThanOrEqual(1_900);
    expect(elapsed).toBeLessThan(4_000);

    proxy.hanging = false;
    await proxy.close();
    await proxy.open();
    expect(await statusOnceBack()).toBe(200);
  });
});
