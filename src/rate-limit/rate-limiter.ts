import { LRUCache } from "lru-cache";
import { fullBucket, takeToken, type Allowance, type Bucket, type BucketPolicy } from "./token-bucket.js";

/**
 * One token bucket per API key, in this process's memory: limits hold per instance,
 * so N instances behind a load balancer allow up to N times the rate in total.
 * Only authenticated keys get a bucket and the LRU caps how many are kept, so a
 * flood of made-up keys cannot grow memory; an evicted bucket comes back full.
 */
export class RateLimiter {
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

  private policyFor(ownLimit: number | null): BucketPolicy | null {
    if (ownLimit === null) return this.defaults;
    if (ownLimit === 0) return null;
    return { perSecond: ownLimit, burst: Math.max(1, Math.round(ownLimit * this.burstSeconds)) };
  }
}
