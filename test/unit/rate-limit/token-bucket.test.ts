import { describe, expect, it } from "vitest";
import { fullBucket, settleUnits, takeUnits } from "../../../src/rate-limit/token-bucket.js";

const POLICY = { perSecond: 2, burst: 4 };

describe("takeUnits", () => {
  it("allows a full burst of one-unit requests, then refuses with the wait for one unit", () => {
    const bucket = fullBucket(POLICY, 0);
    const remaining = [1, 2, 3, 4].map(() => takeUnits(bucket, POLICY, 0, 1).remaining);
    expect(remaining).toEqual([3, 2, 1, 0]);
    const refused = takeUnits(bucket, POLICY, 0, 1);
    expect(refused).toEqual({ allowed: false, limit: 4, remaining: 0, resetSeconds: 2, retryAfterSeconds: 1, tokens: 0, perSecond: 2 });
  });

  it("refills continuously at the rate, never above the burst", () => {
    const bucket = fullBucket(POLICY, 0);
    for (let i = 0; i < 4; i++) takeUnits(bucket, POLICY, 0, 1);
    expect(takeUnits(bucket, POLICY, 499, 1).allowed).toBe(false);
    // 500 ms at 2 per second is one unit (the refused take above consumed nothing).
    expect(takeUnits(bucket, POLICY, 500, 1)).toMatchObject({ allowed: true, remaining: 0 });
    expect(takeUnits(bucket, POLICY, 60_000, 1)).toMatchObject({ allowed: true, remaining: 3, resetSeconds: 1 });
  });

  it("takes several units at once, and waits for all of them", () => {
    const slow = { perSecond: 1, burst: 4 };
    const bucket = fullBucket(slow, 0);
    expect(takeUnits(bucket, slow, 0, 3)).toMatchObject({ allowed: true, remaining: 1 });
    expect(takeUnits(bucket, slow, 0, 3)).toMatchObject({ allowed: false, remaining: 1, retryAfterSeconds: 2 });
    expect(takeUnits(bucket, slow, 1_999, 3).allowed).toBe(false);
    expect(takeUnits(bucket, slow, 2_000, 3).allowed).toBe(true);
  });

  it("starts a request dearer than the bucket from all of it but a second's refill, and leaves the debt", () => {
    const slow = { perSecond: 1, burst: 4 };
    const bucket = fullBucket(slow, 0);
    takeUnits(bucket, slow, 0, 2);
    // 2 units left; it needs 4 - 1 = 3.
    expect(takeUnits(bucket, slow, 0, 10)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    expect(takeUnits(bucket, slow, 1_000, 10)).toMatchObject({ allowed: true, remaining: 0, tokens: -7, resetSeconds: 11 });
    // The debt is paid before the next request: 7 units to zero, one more for a 1-unit request.
    expect(takeUnits(bucket, slow, 1_000, 1)).toMatchObject({ allowed: false, retryAfterSeconds: 8 });
    expect(takeUnits(bucket, slow, 8_999, 1).allowed).toBe(false);
    expect(takeUnits(bucket, slow, 9_010, 1).allowed).toBe(true);
  });

  it("rounds Retry-After up to whole seconds, at least 1", () => {
    const slow = { perSecond: 0.25, burst: 1 };
    const bucket = fullBucket(slow, 0);
    takeUnits(bucket, slow, 0, 1);
    expect(takeUnits(bucket, slow, 1_000, 1).retryAfterSeconds).toBe(3);
    expect(takeUnits(bucket, slow, 3_999, 1).retryAfterSeconds).toBe(1);
  });

  it("caps what a bucket holds when its burst was lowered", () => {
    const bucket = fullBucket({ perSecond: 10, burst: 100 }, 0);
    expect(takeUnits(bucket, POLICY, 0, 1)).toMatchObject({ allowed: true, limit: 4, remaining: 3 });
  });

  it("ignores a clock that goes backwards", () => {
    const bucket = fullBucket(POLICY, 10_000);
    expect(takeUnits(bucket, POLICY, 0, 1)).toMatchObject({ allowed: true, remaining: 3 });
  });
});

describe("settleUnits", () => {
  it("gives back what the estimate took beyond the cost, never above the burst", () => {
    const bucket = fullBucket(POLICY, 0);
    takeUnits(bucket, POLICY, 0, 3);
    expect(settleUnits(bucket, POLICY, 0, 2)).toBe(3);
    expect(settleUnits(bucket, POLICY, 0, 5)).toBe(4);
  });

  it("takes what the request cost beyond its estimate, into debt", () => {
    const bucket = fullBucket(POLICY, 0);
    takeUnits(bucket, POLICY, 0, 2);
    expect(settleUnits(bucket, POLICY, 0, -8)).toBe(-6);
    expect(settleUnits(bucket, POLICY, 1_000, 0)).toBe(-4);
  });
});
