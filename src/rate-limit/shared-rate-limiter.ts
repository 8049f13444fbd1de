import { LuaScript, type SharedState } from "../shared-state/shared-state.js";
import type { KeyRateLimiter, RateLimiter } from "./rate-limiter.js";
import { allowanceOf, unitsNeeded, type Allowance } from "./token-bucket.js";

/**
 * The bucket's refill (src/rate-limit/token-bucket.ts) from Redis's own clock, so instances'
 * clocks never need to agree; a missing bucket is a full one. Leaves `tokens`, `now`, `rate` and
 * `burst` defined for the script that follows.
 */
const REFILL = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 't', 'u')
local tokens = tonumber(state[1]) or burst
local updated = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - updated) / 1000 * rate)
`;

/** Stores `tokens`; the bucket is deleted once it would be full again (a missing bucket is full). */
const STORE = `
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'u', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
`;

/**
 * ARGV: rate, burst, the request's units, the units it needs in the bucket to start. Returns
 * whether they were taken and the tokens left, as text: Redis turns a Lua number into an integer.
 */
const TAKE_UNITS = new LuaScript(`${REFILL}
local allowed = 0
if tokens >= tonumber(ARGV[4]) then
  tokens = tokens - tonumber(ARGV[3])
  allowed = 1
end
${STORE}
return { allowed, tostring(tokens) }
`);

/** ARGV: rate, burst, the units given back (negative: taken). */
const SETTLE_UNITS = new LuaScript(`${REFILL}
tokens = math.min(burst, tokens + tonumber(ARGV[3]))
${STORE}
return tostring(tokens)
`);

/**
 * Budgets shared by every instance through Redis (REDIS_URL): a key with a budget of R units a
 * second gets R across all of them. When Redis does not answer in time, the request is limited by
 * this instance's own bucket instead (`local`, the limiter used without Redis): budgets then hold
 * per instance, as documented, and no request waits on Redis.
 */
export class SharedRateLimiter implements KeyRateLimiter {
  constructor(
    private readonly shared: SharedState,
    private readonly local: RateLimiter,
    private readonly keyPrefix: string,
  ) {}

  async take(keyId: string, ownBudget: number | null, units: number): Promise<Allowance | null> {
    const policy = this.local.policyFor(ownBudget);
    if (policy === null) return null;
    const needed = unitsNeeded(units, policy);
    try {
      const reply = (await this.shared.run(TAKE_UNITS, [this.bucketKey(keyId)], [policy.perSecond, policy.burst, units, needed])) as [number, string];
      return allowanceOf(reply[0] === 1, Number(reply[1]), policy, needed);
    } catch {
      this.shared.fellBack("rate_limit");
      return this.local.take(keyId, ownBudget, units);
    }
  }

  settle(keyId: string, ownBudget: number | null, refund: number): void {
    const policy = this.local.policyFor(ownBudget);
    if (policy === null || refund === 0) return;
    this.shared.run(SETTLE_UNITS, [this.bucketKey(keyId)], [policy.perSecond, policy.burst, refund]).catch(() => {
      this.shared.fellBack("rate_limit");
      this.local.settle(keyId, ownBudget, refund);
    });
  }

  private bucketKey(keyId: string): string {
    return `${this.keyPrefix}rate:${keyId}`;
  }
}
