import { LRUCache } from "lru-cache";
import { hashApiKey, isWellFormedApiKey } from "./api-key-format.js";
import type { ApiKeyRecord, ApiKeyStore } from "./api-key-store.js";

export type Principal = {
  keyId: string;
  userId: number;
  roles: ReadonlySet<string>;
  /** The key's own requests per second, or null for the configured default. */
  rateLimit: number | null;
};

type Entry = { principal: Principal | null };

/** Told whether a lookup was answered from the cache (hit) or needed the store (miss). */
export type KeyCacheObserver = { hit: () => void; miss: () => void };

const UNOBSERVED: KeyCacheObserver = { hit: () => {}, miss: () => {} };

/**
 * Resolves a presented key to its principal without a store round trip on every
 * request. Both hits and misses are cached for `ttlMs` (at most 60 s, so a revoked
 * key stops working within a minute), in two caches; concurrent requests with the
 * same uncached key share one lookup. Store failures are not cached: they surface
 * as faults.
 */
export class KeyCache {
  private readonly known: LRUCache<string, Entry>;
  /** Misses live apart, so a flood of random keys cannot evict the keys in use. */
  private readonly misses: LRUCache<string, true>;

  constructor(
    store: ApiKeyStore,
    ttlMs: number,
    maxEntries = 10_000,
    private readonly observer: KeyCacheObserver = UNOBSERVED,
  ) {
    const ttl = Math.max(ttlMs, 1);
    this.known = new LRUCache<string, Entry>({
      max: maxEntries,
      ttl,
      fetchMethod: async (keyHash) => {
        // Counted here, once per store lookup: requests that share an in-flight lookup are hits.
        observer.miss();
        return { principal: toPrincipal(await store.findByHash(keyHash)) };
      },
    });
    this.misses = new LRUCache<string, true>({ max: Math.max(100, Math.floor(maxEntries / 10)), ttl });
  }

  async resolve(key: string): Promise<Principal | null> {
    if (!isWellFormedApiKey(key)) return null;
    const keyHash = hashApiKey(key);
    if (this.misses.get(keyHash)) {
      this.observer.hit();
      return null;
    }
    const cached = this.known.get(keyHash);
    if (cached) this.observer.hit();
    const entry = cached ?? (await this.known.fetch(keyHash));
    if (entry?.principal) return entry.principal;
    this.known.delete(keyHash);
    this.misses.set(keyHash, true);
    return null;
  }

  /** Used by tests and after a local revoke to make the change visible at once. */
  clear(): void {
    this.known.clear();
    this.misses.clear();
  }
}

function toPrincipal(record: ApiKeyRecord | null): Principal | null {
  if (!record || !record.active) return null;
  return { keyId: record.id, userId: record.user_id, roles: new Set(record.roles), rateLimit: record.rate_limit ?? null };
}
