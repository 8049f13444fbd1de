import { createHash } from "node:crypto";
import type { Client } from "@elastic/elasticsearch";
import { VERSIONED_INDICES, versionedIndexName, type IndexNames } from "../../src/store/index-names.js";
import { searchPages } from "../../src/store/search-pages.js";
import { STANDING_ROW_ORDER } from "../../src/store/kept-standings.js";

/**
 * Per versioned index of `version`, the sorted SHA-256 of each document (its id and `_source`),
 * `without` fields dropped first (a kept document keeps the `updated_at` of the version it was
 * built in): two versions hold the same documents when these are equal. What is indexed but not
 * stored (such as `effective`) is built by the same code from the same `_source`. Read page by
 * page, so an index of any size is hashed whole (check:nightly's and the rebuild tests' one way).
 */
export async function documentHashes(es: Client, names: IndexNames, version: string, without: readonly string[] = []): Promise<Record<string, string[]>> {
  const hashes: Record<string, string[]> = {};
  for (const logical of VERSIONED_INDICES) {
    const index = versionedIndexName(names[logical], version);
    await es.indices.refresh({ index });
    const ofIndex: string[] = [];
    // A unique key to page by: a standing row's (season, stage, group, team), every other document's id.
    const sort = logical === "standings" ? STANDING_ROW_ORDER : [{ id: "asc" as const }];
    for await (const hits of searchPages<Record<string, unknown>>(es, { index, sort }, 500)) {
      for (const hit of hits) {
        const source = { ...hit._source };
        for (const field of without) delete source[field];
        ofIndex.push(createHash("sha256").update(`${hit._id}\n${JSON.stringify(source)}`).digest("hex"));
      }
    }
    hashes[logical] = ofIndex.sort();
  }
  return hashes;
}
