import { LuaScript, type SharedState } from "../shared-state/shared-state.js";
import type { KeyRateLimiter, RateLimiter } from "./rate-limiter.js";
import { allowanceOf, type Allowance } from "./token-bucket.js";

/**
 * The token bucket of src/rate-limit/token-bucket.ts, kept in Redis so that every instance takes
 * from the same bucket: a key limited to R requests a second gets R across all of them. The
 * refill is computed in the script from Redis's own clock, so instances' clocks never need to
 * agree, and a bucket left alone long enough to be full again is deleted (a missing bucket is a
 * full one). Returns whether a token was taken and the tokens left, as text: Redis turns a Lua
 * number into an integer.
 */
const TAKE_TOKEN = new LuaScript(`
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 't', 'u')
local tokens = tonumber(state[1]) or burst
local updated = tonumber(state[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - updated) / 1000 * rate)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 't', tostring(tokens), 'u', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return { allowed, tostring(tokens) }
`);

/**
 * Rate limits shared by every instance through Redis (REDIS_URL). When Redis does not answer in
 * time, the request is limited by this instance's own bucket instead (`local`, the limiter used
 * without Redis): limits then hold per instance, as documented, and no request waits on Redis.
 */
export class SharedRateLimiter implements KeyRateLimiter {
  constructor(
    private readonly shared: SharedState,
    private readonly local: RateLimiter,
    private readonly keyPrefix: string,
  ) {}

  async take(keyId: string, ownLimit: number | null): Promise<Allowance | null> {
    const policy = this.local.policyFor(ownLimit);
    if (policy === null) return null;
    try {
      const reply = (await this.shared.run(TAKE_TOKEN, [`${this.keyPrefix}rate:${keyId}`], [policy.perSecond, policy.burst])) as [number, string];
      return allowanceOf(reply[0] === 1, Number(reply[1]), policy);
    } catch {
      this.shared.fellBack("rate_limit");
      return this.local.take(keyId, ownLimit);
    }
  }
}
