import { createHash } from "node:crypto";
import type { Client } from "@elastic/elasticsearch";
import { VERSIONED_INDICES, versionedIndexName, type IndexNames } from "../../src/store/index-names.js";

/**
 * Per versioned index of `version`, the sorted SHA-256 of each document (its id and `_source`),
 * `without` fields dropped first (a kept document keeps the `updated_at` of the version it was
 * built in): two versions hold the same documents when these are equal. Up to 10,000 documents an
 * index; more fails the comparison rather than leaving some out.
 */
export async function documentHashes(es: Client, names: IndexNames, version: string, without: readonly string[] = []): Promise<Record<string, string[]>> {
  const hashes: Record<string, string[]> = {};
  for (const logical of VERSIONED_INDICES) {
    const index = versionedIndexName(names[logical], version);
    await es.indices.refresh({ index });
    const response = await es.search<Record<string, unknown>>({ index, size: 10_000, track_total_hits: true });
    const total = (response.hits.total as { value: number }).value;
    if (response.hits.hits.length !== total) throw new Error(`${index}: ${total} documents, more than one page of hashes`);
    hashes[logical] = response.hits.hits
      .map((hit) => {
        const source = { ...hit._source };
        for (const field of without) delete source[field];
        return createHash("sha256").update(`${hit._id}\n${JSON.stringify(source)}`).digest("hex");
      })
      .sort();
  }
  return hashes;
}
