import { LRUCache } from "lru-cache";
import { fullBucket, settleUnits, takeUnits, type Allowance, type Bucket, type BucketPolicy } from "./token-bucket.js";

/**
 * What the API gate asks of a key's budget (src/middleware/api-gate.ts): a request's estimated
 * units from the key's bucket before it runs, or null when the key is not limited; and, after it
 * ran, the difference between that estimate and what it measured to cost.
 */
export interface KeyRateLimiter {
  take(keyId: string, ownBudget: number | null, units: number): Allowance | null | Promise<Allowance | null>;
  /** Gives back `refund` units (negative: takes more). Never waits: the answer has gone or is going out. */
  settle(keyId: string, ownBudget: number | null, refund: number): void;
}

/**
 * One bucket of cost units per API key, in this process's memory: budgets hold per instance,
 * so N instances behind a load balancer allow up to N times the budget in total (unless
 * REDIS_URL shares them: src/rate-limit/shared-rate-limiter.ts, which falls back to this).
 * Only authenticated keys get a bucket and the LRU caps how many are kept, so a
 * flood of made-up keys cannot grow memory; an evicted bucket comes back full.
 */
export class RateLimiter implements KeyRateLimiter {
  private readonly buckets: LRUCache<string, Bucket>;
  /** How many seconds of refill the default bucket holds; a key's own budget keeps that ratio. */
  private readonly burstSeconds: number;

  constructor(
    private readonly defaults: BucketPolicy,
    maxKeys = 10_000,
  ) {
    this.buckets = new LRUCache<string, Bucket>({ max: maxKeys });
    this.burstSeconds = defaults.burst / defaults.perSecond;
  }

  /**
   * Takes `units` from the key's bucket. `ownBudget` is the key's own units per second (it wins
   * over the default); 0 exempts the key. Returns null when unlimited.
   */
  take(keyId: string, ownBudget: number | null, units: number, nowMs = Date.now()): Allowance | null {
    const policy = this.policyFor(ownBudget);
    if (policy === null) return null;
    return takeUnits(this.bucketOf(keyId, policy, nowMs), policy, nowMs, units);
  }

  settle(keyId: string, ownBudget: number | null, refund: number, nowMs = Date.now()): void {
    const policy = this.policyFor(ownBudget);
    if (policy === null || refund === 0) return;
    settleUnits(this.bucketOf(keyId, policy, nowMs), policy, nowMs, refund);
  }

  /** The bucket a key gets: its own budget with the default's burst ratio, the default, or none (0). */
  policyFor(ownBudget: number | null): BucketPolicy | null {
    if (ownBudget === null) return this.defaults;
    if (ownBudget === 0) return null;
    return { perSecond: ownBudget, burst: Math.max(1, Math.round(ownBudget * this.burstSeconds)) };
  }

  private bucketOf(keyId: string, policy: BucketPolicy, nowMs: number): Bucket {
    let bucket = this.buckets.get(keyId);
    if (bucket === undefined) {
      bucket = fullBucket(policy, nowMs);
      this.buckets.set(keyId, bucket);
    }
    return bucket;
  }
}
