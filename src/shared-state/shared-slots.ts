import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { LuaScript, type SharedState } from "./shared-state.js";

/**
 * A key's places of one kind on every instance together, in Redis (REDIS_URL): its open streams
 * (STREAMS_PER_KEY) or its expensive requests in the lane (EXPENSIVE_PER_KEY,
 * src/rate-limit/expensive-lane.ts). One sorted set per key and kind whose members are the slots, each scored with the time its lease runs out. An
 * instance renews the slots it holds every third of the lease, so the slots of an instance that
 * died (none of its slots is in use any more) run out within `leaseMs` and the key gets them back.
 * Scripts read Redis's own clock: instances' clocks never need to agree.
 */
const NOW = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
`;

/** KEYS[1] the key's slots; ARGV: the cap, the new slot, the lease in ms. 1 when taken, 0 when the key holds its cap. */
const TAKE_SLOT = new LuaScript(`${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1
`);

/** KEYS[1] the key's slots: how many are held (leases not run out). */
const COUNT_SLOTS = new LuaScript(`${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])
`);

/** KEYS[1] the key's slots; ARGV[1] the lease in ms, then the slots to renew (only those still there). */
const RENEW_SLOTS = new LuaScript(`${NOW}
local expires = now + tonumber(ARGV[1])
for i = 2, #ARGV do redis.call('ZADD', KEYS[1], 'XX', expires, ARGV[i]) end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 1
`);

const RELEASE_SLOT = new LuaScript(`return redis.call('ZREM', KEYS[1], ARGV[1])`);

/** How long a slot lives without renewal: how soon a dead instance's streams are given back. */
const DEFAULT_SLOT_LEASE_MS = 30_000;

export class SharedSlots {
  /** The slots this instance holds, by key: what it renews. */
  private readonly held = new Map<string, Set<string>>();
  private readonly instanceTag = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private next = 0;
  private readonly renewal: NodeJS.Timeout;

  constructor(
    private readonly shared: SharedState,
    private readonly keyPrefix: string,
    private readonly leaseMs = DEFAULT_SLOT_LEASE_MS,
    /** What the slots are of: `streams`, or `expensive` (the lane's per-key cap, src/rate-limit/expensive-lane.ts). */
    private readonly kind: "streams" | "expensive" = "streams",
  ) {
    this.renewal = setInterval(() => void this.renew(), Math.max(100, Math.floor(leaseMs / 3)));
    this.renewal.unref();
  }

  /**
   * Takes one of the key's `cap` slots: the slot's name, false when every instance together
   * holds the cap already, or null when Redis did not answer (the caller falls back to the
   * instance's own count).
   */
  async take(keyId: string, cap: number): Promise<string | false | null> {
    const slot = `${this.instanceTag}:${(this.next++).toString(36)}`;
    try {
      const taken = await this.shared.run(TAKE_SLOT, [this.setKey(keyId)], [cap, slot, this.leaseMs]);
      if (taken !== 1) return false;
    } catch {
      this.shared.fellBack(this.fallbackLabel);
      return null;
    }
    let slots = this.held.get(keyId);
    if (!slots) this.held.set(keyId, (slots = new Set()));
    slots.add(slot);
    return slot;
  }

  /** Whether the key may open one more stream on any instance; null when Redis did not answer. */
  async hasRoom(keyId: string, cap: number): Promise<boolean | null> {
    try {
      return ((await this.shared.run(COUNT_SLOTS, [this.setKey(keyId)], [])) as number) < cap;
    } catch {
      this.shared.fellBack(this.fallbackLabel);
      return null;
    }
  }

  /** Gives a slot back. Not renewed from now on, it runs out by itself if Redis misses this. */
  release(keyId: string, slot: string): void {
    const slots = this.held.get(keyId);
    slots?.delete(slot);
    if (slots?.size === 0) this.held.delete(keyId);
    this.shared.run(RELEASE_SLOT, [this.setKey(keyId)], [slot]).catch(() => {});
  }

  /** Renews every slot this instance holds; one that ran out meanwhile (Redis was away) is not brought back. */
  private async renew(): Promise<void> {
    for (const [keyId, slots] of this.held) {
      await this.shared.run(RENEW_SLOTS, [this.setKey(keyId)], [this.leaseMs, ...slots]).catch(() => {});
    }
  }

  stop(): void {
    clearInterval(this.renewal);
  }

  private setKey(keyId: string): string {
    return `${this.keyPrefix}${this.kind}:${keyId}`;
  }

  private get fallbackLabel(): string {
    return this.kind === "streams" ? "stream_slot" : "expensive_slot";
  }
}
