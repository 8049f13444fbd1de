/**
 * A token bucket as two numbers, so thousands of them cost almost nothing: `tokens`
 * as of `updatedMs`. Tokens refill continuously at `perSecond` up to `burst`; each
 * request takes one. No timers: the refill is computed when a request arrives.
 */
export type Bucket = { tokens: number; updatedMs: number };
export type BucketPolicy = { perSecond: number; burst: number };

/** What a request learns from the bucket; the numbers feed the RateLimit-* headers. */
export type Allowance = {
  allowed: boolean;
  limit: number;
  /** Whole requests left right now. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until one request is allowed again (0 when allowed now). */
  retryAfterSeconds: number;
};

export function fullBucket(policy: BucketPolicy, nowMs: number): Bucket {
  return { tokens: policy.burst, updatedMs: nowMs };
}

/** Refills `bucket` up to `nowMs`, takes one token when there is one, and says what happened. */
export function takeToken(bucket: Bucket, policy: BucketPolicy, nowMs: number): Allowance {
  const elapsedSeconds = Math.max(0, nowMs - bucket.updatedMs) / 1000;
  // A lowered burst (a key's limit changed) caps what the bucket already holds.
  let tokens = Math.min(policy.burst, bucket.tokens + elapsedSeconds * policy.perSecond);
  const allowed = tokens >= 1;
  if (allowed) tokens -= 1;
  bucket.tokens = tokens;
  bucket.updatedMs = nowMs;
  return allowanceOf(allowed, tokens, policy);
}

/**
 * What a client is told once its request took a token or found none: `tokens` is what the
 * bucket holds afterwards. One function for the bucket in this process and the shared one
 * (src/rate-limit/shared-rate-limiter.ts), so both answer the same RateLimit-* headers.
 */
export function allowanceOf(allowed: boolean, tokens: number, policy: BucketPolicy): Allowance {
  return {
    allowed,
    limit: policy.burst,
    remaining: Math.floor(tokens),
    resetSeconds: Math.ceil((policy.burst - tokens) / policy.perSecond),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((1 - tokens) / policy.perSecond)),
  };
}
