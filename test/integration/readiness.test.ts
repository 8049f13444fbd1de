import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { freePort } from "../../scripts/lib/service.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * Readiness with a node of the list gone (src/store/readiness.ts): an instance that still reaches
 * a node of its cluster is ready, so a proxy never takes every instance out because one node of
 * the cluster they share died (bench:cluster's node kill). The node listed first is a port
 * nothing listens on: a killed node refuses connections the same way.
 */
let env: TestEnv;

beforeAll(async () => {
  const dead = `http://127.0.0.1:${await freePort()}`;
  const live = loadConfig(process.env).elasticsearch.nodes;
  env = await startTestEnv({ ELASTICSEARCH_URL: [dead, ...live].join(",") });
});
afterAll(async () => {
  await env?.close();
});

describe("readiness with a dead node in the list", () => {
  it("answers 200 on every probe: the client skips the dead node within the probe", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await env.get("/ready", { key: null })).status);
    expect(statuses).toEqual(Array(12).fill(200));
  });
});

describe("readiness with an alias missing", () => {
  it("answers 503 naming the missing indices, and 200 again once the alias is back", async () => {
    const alias = env.deps.indices.standings;
    const [index] = Object.keys(await env.es.indices.getAlias({ name: alias }));
    await env.es.indices.deleteAlias({ index: index!, name: alias });
    try {
      const notReady = await env.get("/ready", { key: null });
      expect(notReady.status).toBe(503);
      expect(await notReady.json()).toEqual({ error: "Not ready: indices are missing" });
    } finally {
      await env.es.indices.putAlias({ index: index!, name: alias });
    }
    expect((await env.get("/ready", { key: null })).status).toBe(200);
  });
});

describe("readiness probes and Elasticsearch's connections", () => {
  it("reuses the instance's connections: 20 probes open almost none (a HEAD request would open one each)", async () => {
    const opened = async () => {
      const stats = await env.es.nodes.stats({ metric: "http" });
      return Object.values(stats.nodes).reduce((sum, node) => sum + (node.http?.total_opened ?? 0), 0);
    };
    await env.get("/ready", { key: null });
    const before = await opened();
    for (let i = 0; i < 20; i++) expect((await env.get("/ready", { key: null })).status).toBe(200);
    // The test's own stats requests may open one or two; one per probe would be 20.
    expect((await opened()) - before).toBeLessThan(5);
  });
});

