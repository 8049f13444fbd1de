/**
 * A budget of cost units as a token bucket of two numbers, so thousands of them cost almost
 * nothing: `tokens` as of `updatedMs`. Tokens refill continuously at `perSecond` up to `burst`. A
 * request takes its estimated cost before it runs and is settled with its measured cost after
 * (src/rate-limit/request-cost.ts), so the bucket may go below zero: a request dearer than its
 * estimate leaves a debt that the refill pays before the key is answered again. No timers: the
 * refill is computed when a request arrives.
 */
export type Bucket = { tokens: number; updatedMs: number };
export type BucketPolicy = { perSecond: number; burst: number };

/** What a request learns from the bucket; the numbers feed the RateLimit-* headers (in units). */
export type Allowance = {
  allowed: boolean;
  limit: number;
  /** Whole units left right now. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until this request would be allowed (0 when allowed now). */
  retryAfterSeconds: number;
  /** What the bucket holds after the request (below zero: a debt) and its refill, to settle the headers after the request ran. */
  tokens: number;
  perSecond: number;
};

export function fullBucket(policy: BucketPolicy, nowMs: number): Bucket {
  return { tokens: policy.burst, updatedMs: nowMs };
}

/** Refills `bucket` up to `nowMs`. A lowered burst (a key's budget changed) caps what it already holds. */
function refill(bucket: Bucket, policy: BucketPolicy, nowMs: number): void {
  const elapsedSeconds = Math.max(0, nowMs - bucket.updatedMs) / 1000;
  bucket.tokens = Math.min(policy.burst, bucket.tokens + elapsedSeconds * policy.perSecond);
  bucket.updatedMs = Math.max(bucket.updatedMs, nowMs);
}

/**
 * What a request of `units` needs in the bucket to start: its units, or, when it costs more than
 * the bucket holds (it could never start otherwise; the debt it leaves is paid before the key's
 * next request), all of the bucket but one second's refill: a client that waits the whole seconds
 * of Retry-After arrives up to a second late, and must not find its bucket full and its refill lost.
 */
export function unitsNeeded(units: number, policy: BucketPolicy): number {
  return Math.min(units, Math.max(1, policy.burst - policy.perSecond));
}

/** Refills `bucket`, takes `units` when the bucket holds what they need, and says what happened. */
export function takeUnits(bucket: Bucket, policy: BucketPolicy, nowMs: number, units: number): Allowance {
  refill(bucket, policy, nowMs);
  const needed = unitsNeeded(units, policy);
  const allowed = bucket.tokens >= needed;
  if (allowed) bucket.tokens -= units;
  return allowanceOf(allowed, bucket.tokens, policy, needed);
}

/**
 * Settles a request that took its estimate: `refund` units back (the estimate less the measured
 * cost; negative when it cost more). Returns what the bucket holds afterwards.
 */
export function settleUnits(bucket: Bucket, policy: BucketPolicy, nowMs: number, refund: number): number {
  refill(bucket, policy, nowMs);
  bucket.tokens = Math.min(policy.burst, bucket.tokens + refund);
  return bucket.tokens;
}

/**
 * What a client is told once its request took its units or found too few: `tokens` is what the
 * bucket holds afterwards, `needed` what the request needed. One function for the bucket in this
 * process and the shared one (src/rate-limit/shared-rate-limiter.ts), so both answer the same
 * RateLimit-* headers.
 */
export function allowanceOf(allowed: boolean, tokens: number, policy: BucketPolicy, needed = 1): Allowance {
  return {
    allowed,
    limit: policy.burst,
    remaining: Math.max(0, Math.floor(tokens)),
    resetSeconds: Math.ceil((policy.burst - tokens) / policy.perSecond),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((needed - tokens) / policy.perSecond)),
    tokens,
    perSecond: policy.perSecond,
  };
}
