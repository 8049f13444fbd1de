import { afterEach, describe, expect, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";
import { TcpProxy } from "../support/tcp-proxy.js";

/**
 * Two "nodes" in ELASTICSEARCH_URL, both proxies in front of the one real node, so one can
 * be made to fail while the other keeps working: the service must answer every request
 * through the working one. Each test gets a fresh service, so the client's pool starts
 * with both nodes at full weight and the failing one is really tried.
 */
let failing: TcpProxy;
let working: TcpProxy;
let env: TestEnv | undefined;

async function twoNodes(): Promise<{ env: TestEnv; key: string }> {
  failing = TcpProxy.toTestNode();
  working = TcpProxy.toTestNode();
  await failing.open();
  await working.open();
  env = await startTestEnv({ ELASTICSEARCH_URL: `${failing.url},${working.url}`, ELASTICSEARCH_REQUEST_TIMEOUT_MS: "1000" });
  return { env, key: await env.createKey() };
}

afterEach(async () => {
  failing.hanging = false;
  await failing.open();
  await env?.close();
  await failing.close();
  await working.close();
});

async function statuses(env: TestEnv, key: string, path: string, count: number): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await env.get(path, { key })).status);
  return result;
}

describe("with several nodes in ELASTICSEARCH_URL", () => {
  it("answers every request through the other node while one refuses connections", async () => {
    const { env, key } = await twoNodes();
    await failing.close();
    expect(await statuses(env, key, "/fixtures?date=2026-01-01", 10)).toEqual(Array(10).fill(200));
  });

  it("answers every request through the other node while one hangs, retrying after the request timeout", async () => {
    const { env, key } = await twoNodes();
    failing.hanging = true;
    // Drop the pooled connections, which would still forward: new ones hang.
    await failing.close();
    await failing.open();
    const started = Date.now();
    expect(await statuses(env, key, "/livescores", 6)).toEqual(Array(6).fill(200));
    // At most one timed-out try (1 s) per Elasticsearch call, never a request stuck for longer.
    expect(Date.now() - started).toBeLessThan(6 * 2 * 2_000);
  });
});
