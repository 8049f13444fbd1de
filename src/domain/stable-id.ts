import { createHash } from "node:crypto";

/**
 * Deterministic numeric ids: the same source key always gives the same id, on every
 * machine and every run, so a rebuild of the same source yields the same documents.
 *
 * id = 1 + (first bits of SHA-256("namespace:key") mod (2^bits - 1)). Fixtures use
 * 40 bits so derived ids (an odd id is fixture id x 1000 + a small offset) stay
 * safe integers; other entities use 48. A hash cannot promise uniqueness, so
 * callers that hand out many ids go through IdRegistry, which fails on a collision.
 * Past about a million ids a collision is likely: the synthetic generated leagues'
 * fixtures are counted instead, above 2^40 (ingest/synthetic/fixture-ids.ts).
 */
export function stableId(namespace: string, key: string, bits = 48): number {
  const digest = createHash("sha256").update(`${namespace}:${key}`, "utf8").digest();
  return (digest.readUIntBE(0, 6) % (2 ** bits - 1)) + 1;
}

/** Hands out stable ids for one namespace and fails loudly on a collision between two keys. */
export class IdRegistry {
  private readonly keysById = new Map<number, string>();

  constructor(
    private readonly namespace: string,
    private readonly bits = 48,
  ) {}

  idFor(key: string): number {
    const id = stableId(this.namespace, key, this.bits);
    const owner = this.keysById.get(id);
    if (owner !== undefined && owner !== key) {
      throw new Error(`Id collision in ${this.namespace}: "${owner}" and "${key}" both hash to ${id}`);
    }
    this.keysById.set(id, key);
    return id;
  }
}

export const FIXTURE_ID_BITS = 40;
