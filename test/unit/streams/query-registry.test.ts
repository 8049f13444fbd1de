import { describe, expect, it } from "vitest";
import { HistoryPool } from "../../../src/streams/history-pool.js";
import { QueryRegistry } from "../../../src/streams/query-registry.js";
import type { StandingQuerySpec } from "../../../src/streams/standing-query.js";
import type { Subscriber } from "../../../src/streams/subscriber.js";

const spec = (key: string): StandingQuerySpec => ({ key, request: () => ({ index: "f" }), present: () => [], peek: () => undefined, presentation: "p" });
const listener = (keyId = "key") => ({ keyId }) as Subscriber;

describe("QueryRegistry", () => {
  it("holds at most maxQueries distinct queries: a new one is refused while all are in use, an existing one is not", () => {
    const registry = new QueryRegistry({ perKey: 10, maxQueries: 2, lingerMs: 60_000, historySize: 10 }, "t", new HistoryPool(1 << 20));
    for (const key of ["a", "b"]) registry.queryFor(spec(key)).subscribers.add(listener());
    expect(registry.roomFor("c")).toBe(false);
    expect(registry.roomFor("a")).toBe(true);
    expect(registry.size).toBe(2);
  });

  it("lets idle queries go, the longest idle first, to make room for a new one", () => {
    const registry = new QueryRegistry({ perKey: 10, maxQueries: 2, lingerMs: 60_000, historySize: 10 }, "t", new HistoryPool(1 << 20));
    const a = registry.queryFor(spec("a"));
    const b = registry.queryFor(spec("b"));
    a.idleSince = 2_000;
    b.idleSince = 1_000;
    expect(registry.roomFor("c")).toBe(true);
    expect(registry.get("b")).toBeUndefined();
    expect(registry.get("a")).toBe(a);
  });

  it("gives a key's slot back when its stream ends, and marks the query idle when it was the last", () => {
    const registry = new QueryRegistry({ perKey: 1, maxQueries: 5, lingerMs: 60_000, historySize: 10 }, "t", new HistoryPool(1 << 20));
    expect(registry.reserve("key")).toBe(true);
    expect(registry.reserve("key")).toBe(false);
    const subscriber = listener();
    const query = registry.queryFor(spec("a"));
    query.subscribers.add(subscriber);
    registry.release(subscriber, "a");
    expect(registry.hasRoom("key")).toBe(true);
    expect(query.isIdle).toBe(true);
    expect(query.idleSince).not.toBeNull();
    registry.sweep(query.idleSince! + 60_000);
    expect(registry.size).toBe(0);
  });

  it("reports streams and queries as they are, members and unsent bytes as last recounted (a join never walks every query)", () => {
    const registry = new QueryRegistry({ perKey: 10, maxQueries: 5, lingerMs: 60_000, historySize: 10 }, "t", new HistoryPool(1 << 20));
    const query = registry.queryFor(spec("a"));
    query.subscribers.add({ keyId: "key", unsentBytes: 700 } as Subscriber);
    expect(registry.reserve("key")).toBe(true);
    expect(registry.use()).toEqual({ streams: 1, queries: 1, members: 0, unsentBytes: 0 });
    registry.recount();
    expect(registry.use()).toEqual({ streams: 1, queries: 1, members: 0, unsentBytes: 700 });
  });
});
