import type { Client } from "@elastic/elasticsearch";
import { generateApiKey, generateKeyId, hashApiKey } from "../domain/api-key-format.js";

export const ROLES = ["standings"] as const;
export type Role = (typeof ROLES)[number];

/** What the store keeps for a key; the key itself is never stored. */
export type ApiKeyRecord = {
  id: string;
  key_hash: string;
  user_id: number;
  roles: Role[];
  active: boolean;
  label: string | null;
  /** The key's own requests per second (0: not limited); absent or null: the configured default. */
  rate_limit?: number | null;
  created_at: string;
  revoked_at: string | null;
};

export type CreatedApiKey = { key: string; record: ApiKeyRecord };

/**
 * The api_keys index. Documents are stored under their key hash as `_id`, so the
 * per-request lookup is a realtime GET by id (a new key works at once, with no
 * refresh to wait for); the public `id` is what people list and revoke by.
 */
export class ApiKeyStore {
  constructor(
    private readonly es: Client,
    private readonly alias: string,
  ) {}

  async create(input: { userId: number; roles: Role[]; label?: string | null; rateLimit?: number | null }): Promise<CreatedApiKey> {
    const key = generateApiKey();
    const record: ApiKeyRecord = {
      id: generateKeyId(),
      key_hash: hashApiKey(key),
      user_id: input.userId,
      roles: [...new Set(input.roles)],
      active: true,
      label: input.label ?? null,
      rate_limit: input.rateLimit ?? null,
      created_at: new Date().toISOString(),
      revoked_at: null,
    };
    await this.es.create({ index: this.alias, id: record.key_hash, document: record, refresh: "wait_for" });
    return { key, record };
  }

  async findByHash(keyHash: string): Promise<ApiKeyRecord | null> {
    const response = await this.es.get<ApiKeyRecord>({ index: this.alias, id: keyHash }, { ignore: [404] });
    return response.found && response._source ? response._source : null;
  }

  async list(): Promise<ApiKeyRecord[]> {
    const response = await this.es.search<ApiKeyRecord>({
      index: this.alias,
      size: 10_000,
      sort: [{ created_at: "asc" }, { id: "asc" }],
      query: { match_all: {} },
    });
    return response.hits.hits.flatMap((hit) => (hit._source ? [hit._source] : []));
  }

  /** Marks the key inactive; returns false when no key has that id. */
  async revoke(id: string): Promise<boolean> {
    const response = await this.es.search<ApiKeyRecord>({
      index: this.alias,
      size: 1,
      query: { term: { id } },
      seq_no_primary_term: true,
    });
    const hit = response.hits.hits[0];
    if (!hit?._id) return false;
    await this.es.update({
      index: this.alias,
      id: hit._id,
      doc: { active: false, revoked_at: new Date().toISOString() },
      refresh: "wait_for",
    });
    return true;
  }
}
