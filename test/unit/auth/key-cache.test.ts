import { describe, expect, it } from "vitest";
import { generateApiKey, hashApiKey } from "../../../src/domain/api-key-format.js";
import type { ApiKeyRecord, ApiKeyStore } from "../../../src/store/api-key-store.js";
import { KeyCache } from "../../../src/auth/key-cache.js";

/** A store stand-in that counts lookups (the cache logic is pure; the real store has integration tests). */
function countingStore(records: Map<string, ApiKeyRecord>) {
  const lookups: string[] = [];
  const store = {
    findByHash: async (hash: string) => {
      lookups.push(hash);
      return records.get(hash) ?? null;
    },
  } as unknown as ApiKeyStore;
  return { store, lookups };
}

function record(key: string, userId: number): ApiKeyRecord {
  return {
    id: `id${userId}`,
    key_hash: hashApiKey(key),
    user_id: userId,
    roles: [],
    active: true,
    label: null,
    created_at: "2026-01-01T00:00:00.000Z",
    revoked_at: null,
  };
}

describe("KeyCache", () => {
  it("looks a key up once within the expiry, hits and misses alike", async () => {
    const key = generateApiKey();
    const unknown = generateApiKey();
    const { store, lookups } = countingStore(new Map([[hashApiKey(key), record(key, 7)]]));
    const cache = new KeyCache(store, 30_000);
    for (let i = 0; i < 3; i++) {
      expect((await cache.resolve(key))?.userId).toBe(7);
      expect(await cache.resolve(unknown)).toBeNull();
    }
    expect(lookups).toHaveLength(2);
  });

  it("keeps the keys in use when many unknown keys are tried", async () => {
    const key = generateApiKey();
    const { store, lookups } = countingStore(new Map([[hashApiKey(key), record(key, 7)]]));
    const cache = new KeyCache(store, 30_000, 100);
    await cache.resolve(key);
    for (let i = 0; i < 500; i++) await cache.resolve(generateApiKey());
    const before = lookups.length;
    expect((await cache.resolve(key))?.userId).toBe(7);
    expect(lookups.length).toBe(before);
  });

  it("keeps the keys in use when unknown keys are tried while the cache of known keys is full", async () => {
    const keys = [generateApiKey(), generateApiKey()];
    const { store, lookups } = countingStore(new Map(keys.map((key, i) => [hashApiKey(key), record(key, i + 1)])));
    const cache = new KeyCache(store, 30_000, 2);
    for (const key of keys) await cache.resolve(key);
    for (let i = 0; i < 50; i++) await cache.resolve(generateApiKey());
    const before = lookups.length;
    for (const key of keys) expect(await cache.resolve(key)).not.toBeNull();
    expect(lookups.length).toBe(before);
  });

  it("shares one store lookup among concurrent requests for the same key", async () => {
    const key = generateApiKey();
    const { store, lookups } = countingStore(new Map([[hashApiKey(key), record(key, 7)]]));
    const cache = new KeyCache(store, 30_000);
    const principals = await Promise.all([cache.resolve(key), cache.resolve(key), cache.resolve(key)]);
    expect(principals.map((principal) => principal?.userId)).toEqual([7, 7, 7]);
    expect(lookups).toHaveLength(1);
  });

  it("never looks up a malformed key", async () => {
    const { store, lookups } = countingStore(new Map());
    expect(await new KeyCache(store, 30_000).resolve("not-a-key")).toBeNull();
    expect(lookups).toHaveLength(0);
  });
});
