import { describe, expect, it } from "vitest";
import { hostname } from "node:os";
import { ConfigError, DEFAULT_DRAIN_SECONDS, defaultInstanceId, defaultStreamMemoryMb, loadConfig } from "../../src/config.js";
import { redactUrl } from "../../src/logger.js";

describe("loadConfig", () => {
  it("applies the documented defaults", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.elasticsearch.nodes).toEqual(["http://127.0.0.1:9200"]);
    expect(config.indexPrefix).toBe("sfd");
    expect(config.logLevel).toBe("info");
    expect(config.indexReplicas).toBe("auto");
  });

  it("reads INDEX_REPLICAS as auto or a pinned count", () => {
    expect(loadConfig({ INDEX_REPLICAS: "1" }).indexReplicas).toBe(1);
    expect(() => loadConfig({ INDEX_REPLICAS: "many" })).toThrow(/INDEX_REPLICAS: must be auto or a whole number from 0 to 9/);
  });

  it("reads FIXTURE_CACHE_MB as whole megabytes, 0 turning the cache off", () => {
    expect(loadConfig({}).fixtureCacheBytes).toBe(8 * 1024 * 1024);
    expect(loadConfig({ FIXTURE_CACHE_MB: "0" }).fixtureCacheBytes).toBe(0);
    expect(() => loadConfig({ FIXTURE_CACHE_MB: "-1" })).toThrow(/FIXTURE_CACHE_MB/);
  });

  it("budgets streams half the heap by default, at most 128 MB, and STREAM_MEMORY_MB as set", () => {
    const MiB = 1024 * 1024;
    expect(defaultStreamMemoryMb(131 * MiB)).toBe(65);
    expect(defaultStreamMemoryMb(4288 * MiB)).toBe(128);
    expect(defaultStreamMemoryMb(2 * MiB)).toBe(4);
    expect(loadConfig({}).streams.memoryBytes).toBe(defaultStreamMemoryMb() * MiB);
    expect(loadConfig({ STREAM_MEMORY_MB: "200" }).streams.memoryBytes).toBe(200 * MiB);
    expect(() => loadConfig({ STREAM_MEMORY_MB: "2" })).toThrow(/STREAM_MEMORY_MB/);
  });

  it("shares limits through REDIS_URL only when it is set, namespaced by the index prefix", () => {
    expect(loadConfig({}).sharedState).toBeNull();
    expect(loadConfig({ REDIS_URL: "" }).sharedState).toBeNull();
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379", INDEX_PREFIX: "prod" }).sharedState).toEqual({
      url: "redis://127.0.0.1:6379",
      timeoutMs: 250,
      keyPrefix: "sfd:prod:",
    });
    expect(() => loadConfig({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => loadConfig({ REDIS_URL: "redis://h:1", REDIS_TIMEOUT_MS: "0" })).toThrow(/REDIS_TIMEOUT_MS/);
  });

  it("times the writer lease with a 2 s heartbeat and 10 s staleness by default, and refuses a staleness under 3 heartbeats", () => {
    expect(loadConfig({}).writer).toEqual({ heartbeatMs: 2_000, staleAfterMs: 10_000, pollMs: 500 });
    expect(loadConfig({ WRITER_HEARTBEAT_MS: "200", WRITER_STALE_AFTER_MS: "1000" }).writer).toEqual({ heartbeatMs: 200, staleAfterMs: 1_000, pollMs: 50 });
    expect(() => loadConfig({ WRITER_HEARTBEAT_MS: "5000" })).toThrow(/WRITER_STALE_AFTER_MS: must be at least 3 times WRITER_HEARTBEAT_MS/);
    expect(() => loadConfig({ WRITER_HEARTBEAT_MS: "10" })).toThrow(/WRITER_HEARTBEAT_MS/);
  });

  it("gives expensive requests one search on the node by default, as many alone unless set, and refuses fewer alone", () => {
    expect(loadConfig({}).fairShare.lane).toMatchObject({ nodeSearches: 1, nodeSearchesAlone: 1 });
    expect(loadConfig({ EXPENSIVE_NODE_SEARCHES: "3" }).fairShare.lane).toMatchObject({ nodeSearches: 3, nodeSearchesAlone: 3 });
    expect(loadConfig({ EXPENSIVE_NODE_SEARCHES_ALONE: "2" }).fairShare.lane).toMatchObject({ nodeSearches: 1, nodeSearchesAlone: 2 });
    expect(() => loadConfig({ EXPENSIVE_NODE_SEARCHES: "2", EXPENSIVE_NODE_SEARCHES_ALONE: "1" })).toThrow(/EXPENSIVE_NODE_SEARCHES_ALONE: must be at least EXPENSIVE_NODE_SEARCHES/);
    expect(() => loadConfig({ EXPENSIVE_NODE_SEARCHES: "0" })).toThrow(/EXPENSIVE_NODE_SEARCHES/);
  });

  it("names the instance INSTANCE_ID, by default <hostname>:<port>, and refuses what a header cannot carry", () => {
    expect(loadConfig({ PORT: "3002" }).instanceId).toBe(`${hostname()}:3002`);
    expect(loadConfig({ INSTANCE_ID: "" }).instanceId).toBe(`${hostname()}:3000`);
    expect(loadConfig({ INSTANCE_ID: "instance-2" }).instanceId).toBe("instance-2");
    expect(defaultInstanceId(3001, "web 1/ü")).toBe("web-1--:3001");
    expect(() => loadConfig({ INSTANCE_ID: "two words" })).toThrow(/INSTANCE_ID: must be 1-100 characters/);
    expect(() => loadConfig({ INSTANCE_ID: "a".repeat(101) })).toThrow(/INSTANCE_ID/);
  });

  it("reads DRAIN_SECONDS as whole seconds from 0 to 300", () => {
    expect(loadConfig({}).drainSeconds).toBe(DEFAULT_DRAIN_SECONDS);
    expect(loadConfig({ DRAIN_SECONDS: "0" }).drainSeconds).toBe(0);
    expect(() => loadConfig({ DRAIN_SECONDS: "301" })).toThrow(/DRAIN_SECONDS/);
    expect(() => loadConfig({ DRAIN_SECONDS: "1.5" })).toThrow(/DRAIN_SECONDS/);
  });

  it("accepts a comma-separated list of Elasticsearch nodes", () => {
    const config = loadConfig({ ELASTICSEARCH_URL: "http://127.0.0.1:9200, http://127.0.0.1:9201" });
    expect(config.elasticsearch.nodes).toEqual(["http://127.0.0.1:9200", "http://127.0.0.1:9201"]);
  });

  it("fails with a message naming the variable", () => {
    expect(() => loadConfig({ PORT: "http" })).toThrow(/PORT/);
    expect(() => loadConfig({ INDEX_PREFIX: "Bad*Prefix" })).toThrow(/INDEX_PREFIX/);
    expect(() => loadConfig({ ELASTICSEARCH_URL: "not a url" })).toThrow(/ELASTICSEARCH_URL/);
    expect(() => loadConfig({ LOG_LEVEL: "loud" })).toThrow(ConfigError);
  });
});

describe("redactUrl", () => {
  it("removes the api_token value from logged URLs", () => {
    expect(redactUrl("/types?api_token=sfd_secret&x=1")).toBe("/types?api_token=[REDACTED]&x=1");
    expect(redactUrl("/types?x=1&API_TOKEN=abc")).toBe("/types?x=1&API_TOKEN=[REDACTED]");
  });
});

describe("redactUrl with encoded names", () => {
  it("redacts api_token however its name is percent-encoded", () => {
    expect(redactUrl("/types?x=1&api%5Ftoken=sfd_secret")).toBe("/types?x=1&api%5Ftoken=[REDACTED]");
    expect(redactUrl("/types?api%5ftoken=a&y=%E0%A4%A")).toBe("/types?api%5ftoken=[REDACTED]&y=%E0%A4%A");
  });
});
