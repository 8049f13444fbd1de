import { LRUCache } from "lru-cache";
import { hashApiKey, isWellFormedApiKey } from "./api-key-format.js";
import type { ApiKeyRecord, ApiKeyStore } from "./api-key-store.js";

export type Principal = { keyId: string; userId: number; roles: ReadonlySet<string> };

type Entry = { principal: Principal | null };

/**
 * Resolves a presented key to its principal without a store round trip on every
 * request. Both hits and misses are cached for `ttlMs` (at most 60 s, so a revoked
 * key stops working within a minute); concurrent requests with the same uncached
 * key share one lookup. Store failures are not cached: they surface as faults.
 */
export class KeyCache {
  private readonly cache: LRUCache<string, Entry>;

  constructor(store: ApiKeyStore, ttlMs: number, maxEntries = 10_000) {
    this.cache = new LRUCache<string, Entry>({
      max: maxEntries,
      ttl: Math.max(ttlMs, 1),
      fetchMethod: async (keyHash) => ({ principal: toPrincipal(await store.findByHash(keyHash)) }),
    });
  }

  async resolve(key: string): Promise<Principal | null> {
    if (!isWellFormedApiKey(key)) return null;
    const entry = await this.cache.fetch(hashApiKey(key));
    return entry?.principal ?? null;
  }

  /** Used by tests and after a local revoke to make the change visible at once. */
  clear(): void {
    this.cache.clear();
  }
}

function toPrincipal(record: ApiKeyRecord | null): Principal | null {
  if (!record || !record.active) return null;
  return { keyId: record.id, userId: record.user_id, roles: new Set(record.roles) };
}
