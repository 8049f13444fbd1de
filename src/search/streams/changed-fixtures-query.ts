import type { estypes } from "@elastic/elasticsearch";
import { fixtureIdOf, idsWithoutStoredFields } from "../../store/hit-ids.js";
import { hitVersion } from "../../store/hit-version.js";

/** How many changed fixtures one page of the change feed reads. */
export const CHANGE_PAGE_SIZE = 1_000;

/** A changed fixture as the feed reads it: id, time of the write and stored version. */
export type ChangedFixture = { id: number; updatedAtMs: number; version: string };

/**
 * The fixtures stored with an `updated_at` at or after `sinceMs`, oldest first: one page of
 * the change feed. Only the id, the time and the version (`_seq_no` / `_primary_term`, which
 * tell two writes of one fixture apart) come back, all from doc values: the hit's sort
 * values are its `updated_at` and its id, and no stored field is loaded (src/store/hit-ids.ts).
 * The standing queries read the documents themselves, through the polled endpoints' own queries.
 */
export function changedFixturesRequest(index: string, sinceMs: number, after?: estypes.SortResults): estypes.SearchRequest {
  return idsWithoutStoredFields({
    index,
    size: CHANGE_PAGE_SIZE,
    query: { range: { updated_at: { gte: new Date(sinceMs).toISOString() } } },
    sort: [{ updated_at: "asc" }, { id: "asc" }],
    track_total_hits: false,
    ...(after ? { search_after: after } : {}),
  });
}

/** A hit of `changedFixturesRequest` as a changed fixture; null when it carries no version. */
export function changedFixtureOf(hit: estypes.SearchHit<unknown>): ChangedFixture | null {
  const id = fixtureIdOf(hit);
  const updatedAtMs = Number(hit.sort?.[0]);
  const version = hitVersion(hit);
  if (id === null || version === null || !Number.isFinite(updatedAtMs)) return null;
  return { id, updatedAtMs, version };
}
