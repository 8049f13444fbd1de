import { describe, expect, it } from "vitest";
import { fullBucket, takeToken } from "../../../src/rate-limit/token-bucket.js";

const POLICY = { perSecond: 2, burst: 4 };

describe("takeToken", () => {
  it("allows a full burst, then refuses with the wait for one token", () => {
    const bucket = fullBucket(POLICY, 0);
    const remaining = [1, 2, 3, 4].map(() => takeToken(bucket, POLICY, 0).remaining);
    expect(remaining).toEqual([3, 2, 1, 0]);
    const refused = takeToken(bucket, POLICY, 0);
    expect(refused).toEqual({ allowed: false, limit: 4, remaining: 0, resetSeconds: 2, retryAfterSeconds: 1 });
  });

  it("refills continuously at the rate, never above the burst", () => {
    const bucket = fullBucket(POLICY, 0);
    for (let i = 0; i < 4; i++) takeToken(bucket, POLICY, 0);
    expect(takeToken(bucket, POLICY, 499).allowed).toBe(false);
    // 500 ms at 2 per second is one token (the refused take above consumed nothing).
    expect(takeToken(bucket, POLICY, 500)).toMatchObject({ allowed: true, remaining: 0 });
    expect(takeToken(bucket, POLICY, 60_000)).toMatchObject({ allowed: true, remaining: 3, resetSeconds: 1 });
  });

  it("rounds Retry-After up to whole seconds, at least 1", () => {
    const slow = { perSecond: 0.25, burst: 1 };
    const bucket = fullBucket(slow, 0);
    takeToken(bucket, slow, 0);
    expect(takeToken(bucket, slow, 1_000).retryAfterSeconds).toBe(3);
    expect(takeToken(bucket, slow, 3_999).retryAfterSeconds).toBe(1);
  });

  it("caps what a bucket holds when its burst was lowered", () => {
    const bucket = fullBucket({ perSecond: 10, burst: 100 }, 0);
    expect(takeToken(bucket, POLICY, 0)).toMatchObject({ allowed: true, limit: 4, remaining: 3 });
  });

  it("ignores a clock that goes backwards", () => {
    const bucket = fullBucket(POLICY, 10_000);
    expect(takeToken(bucket, POLICY, 0)).toMatchObject({ allowed: true, remaining: 3 });
  });
});
