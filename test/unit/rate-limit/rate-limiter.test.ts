import { describe, expect, it } from "vitest";
import { RateLimiter } from "../../../src/rate-limit/rate-limiter.js";

describe("RateLimiter", () => {
  it("keeps one bucket per key", () => {
    const limiter = new RateLimiter({ perSecond: 1, burst: 2 });
    expect(limiter.take("a", null, 1, 0)?.remaining).toBe(1);
    expect(limiter.take("a", null, 1, 0)?.remaining).toBe(0);
    expect(limiter.take("a", null, 1, 0)?.allowed).toBe(false);
    expect(limiter.take("b", null, 1, 0)).toMatchObject({ allowed: true, remaining: 1 });
  });

  it("lets a key's own limit win, with a burst of the same seconds as the default", () => {
    const limiter = new RateLimiter({ perSecond: 20, burst: 40 });
    expect(limiter.take("a", 5, 1, 0)).toMatchObject({ allowed: true, limit: 10, remaining: 9 });
    expect(limiter.take("b", 0.1, 1, 0)).toMatchObject({ allowed: true, limit: 1, remaining: 0 });
  });

  it("does not limit a key whose own limit is 0", () => {
    const limiter = new RateLimiter({ perSecond: 1, burst: 1 });
    for (let i = 0; i < 5; i++) expect(limiter.take("a", 0, 1, 0)).toBeNull();
  });

  it("settles a request with what it cost: a refund, or a debt the next request waits for", () => {
    const limiter = new RateLimiter({ perSecond: 1, burst: 4 });
    expect(limiter.take("a", null, 3, 0)).toMatchObject({ allowed: true, remaining: 1 });
    limiter.settle("a", null, 2, 0);
    expect(limiter.take("a", null, 1, 0)).toMatchObject({ allowed: true, remaining: 2 });
    limiter.settle("a", null, -6, 0);
    expect(limiter.take("a", null, 1, 0)).toMatchObject({ allowed: false, retryAfterSeconds: 5 });
  });

  it("forgets the least recently used buckets beyond its size, which come back full", () => {
    const limiter = new RateLimiter({ perSecond: 1, burst: 1 }, 2);
    expect(limiter.take("a", null, 1, 0)?.allowed).toBe(true);
    expect(limiter.take("a", null, 1, 0)?.allowed).toBe(false);
    limiter.take("b", null, 1, 0);
    limiter.take("c", null, 1, 0);
    expect(limiter.take("a", null, 1, 0)?.allowed).toBe(true);
  });
});
