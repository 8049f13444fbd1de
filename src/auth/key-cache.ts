import { LRUCache } from "lru-cache";
import { hashApiKey, isWellFormedApiKey } from "../domain/api-key-format.js";
import type { ApiKeyRecord, ApiKeyStore } from "../store/api-key-store.js";

export type Principal = {
  keyId: string;
  userId: number;
  roles: ReadonlySet<string>;
  /** The key's own requests per second, or null for the configured default. */
  rateLimit: number | null;
};

/** Told whether a lookup was answered from the cache (hit) or needed the store (miss). */
export type KeyCacheObserver = { hit: () => void; miss: () => void };

const UNOBSERVED: KeyCacheObserver = { hit: () => {}, miss: () => {} };

/**
 * Resolves a presented key to its principal without a store round trip on every
 * request. Both hits and misses are cached for `ttlMs` (at most 60 s, so a revoked
 * key stops working within a minute), in two caches: an unknown key never enters the
 * cache of known ones, so a flood of random keys cannot evict the keys in use.
 * Concurrent requests with the same uncached key share one lookup (and count as hits).
 * Store failures are not cached: they surface as faults.
 */
export class KeyCache {
  private readonly known: LRUCache<string, Principal>;
  private readonly misses: LRUCache<string, true>;
  private readonly inFlight = new Map<string, Promise<Principal | null>>();

  constructor(
    private readonly store: ApiKeyStore,
    ttlMs: number,
    maxEntries = 10_000,
    private readonly observer: KeyCacheObserver = UNOBSERVED,
  ) {
    const ttl = Math.max(ttlMs, 1);
    this.known = new LRUCache<string, Principal>({ max: maxEntries, ttl });
    this.misses = new LRUCache<string, true>({ max: Math.max(100, Math.floor(maxEntries / 10)), ttl });
  }

  async resolve(key: string): Promise<Principal | null> {
    if (!isWellFormedApiKey(key)) return null;
    const keyHash = hashApiKey(key);
    const cached = this.misses.get(keyHash) ? null : (this.known.get(keyHash) ?? this.inFlight.get(keyHash));
    if (cached !== undefined) {
      this.observer.hit();
      return cached;
    }
    this.observer.miss();
    const lookup = this.lookUp(keyHash).finally(() => this.inFlight.delete(keyHash));
    this.inFlight.set(keyHash, lookup);
    return lookup;
  }

  /** Used by tests and after a local revoke to make the change visible at once. */
  clear(): void {
    this.known.clear();
    this.misses.clear();
    this.inFlight.clear();
  }

  private async lookUp(keyHash: string): Promise<Principal | null> {
    const principal = toPrincipal(await this.store.findByHash(keyHash));
    if (principal) this.known.set(keyHash, principal);
    else this.misses.set(keyHash, true);
    return principal;
  }
}

function toPrincipal(record: ApiKeyRecord | null): Principal | null {
  if (!record || !record.active) return null;
  return { keyId: record.id, userId: record.user_id, roles: new Set(record.roles), rateLimit: record.rate_limit ?? null };
}
