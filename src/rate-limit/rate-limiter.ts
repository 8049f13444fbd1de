import { LRUCache } from "lru-cache";
import { fullBucket, takeToken, type Allowance, type Bucket, type BucketPolicy } from "./token-bucket.js";

/**
 * What the API gate asks of a rate limiter (src/middleware/rate-limit.ts): one request's token
 * from the key's bucket, or null when the key is not limited.
 */
export interface KeyRateLimiter {
  take(keyId: string, ownLimit: number | null): Allowance | null | Promise<Allowance | null>;
}

/**
 * One token bucket per API key, in this process's memory: limits hold per instance,
 * so N instances behind a load balancer allow up to N times the rate in total (unless
 * REDIS_URL shares them: src/rate-limit/shared-rate-limiter.ts, which falls back to this).
 * Only authenticated keys get a bucket and the LRU caps how many are kept, so a
 * flood of made-up keys cannot grow memory; an evicted bucket comes back full.
 */
export class RateLimiter implements KeyRateLimiter {
  private readonly buckets: LRUCache<string, Bucket>;
  /** How many seconds of refill the default bucket holds; a key's own limit keeps that ratio. */
  private readonly burstSeconds: number;

  constructor(
    private readonly defaults: BucketPolicy,
    maxKeys = 10_000,
  ) {
    this.buckets = new LRUCache<string, Bucket>({ max: maxKeys });
    this.burstSeconds = defaults.burst / defaults.perSecond;
  }

  /**
   * Takes one request from the key's bucket. `ownLimit` is the key's own requests per
   * second (it wins over the default); 0 exempts the key. Returns null when unlimited.
   */
  take(keyId: string, ownLimit: number | null, nowMs = Date.now()): Allowance | null {
    const policy = this.policyFor(ownLimit);
    if (policy === null) return null;
    let bucket = this.buckets.get(keyId);
    if (bucket === undefined) {
      bucket = fullBucket(policy, nowMs);
      this.buckets.set(keyId, bucket);
    }
    return takeToken(bucket, policy, nowMs);
  }

  /** The bucket a key gets: its own limit with the default's burst ratio, the default, or none (0). */
  policyFor(ownLimit: number | null): BucketPolicy | null {
    if (ownLimit === null) return this.defaults;
    if (ownLimit === 0) return null;
    return { perSecond: ownLimit, burst: Math.max(1, Math.round(ownLimit * this.burstSeconds)) };
  }
}
