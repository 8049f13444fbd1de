import type { estypes } from "@elastic/elasticsearch";
import { VERSIONED_HITS } from "../../store/hit-version.js";

/** How many changed fixtures one page of the change feed reads. */
export const CHANGE_PAGE_SIZE = 1_000;

export type ChangedFixtureSource = { id: number; updated_at: string };

/**
 * The fixtures stored with an `updated_at` at or after `sinceMs`, oldest first: one page of
 * the change feed. Only the id, the time and the version (`_seq_no` / `_primary_term`, which
 * tell two writes of one fixture apart) come back; the standing queries read the documents
 * themselves, through the polled endpoints' own queries.
 */
export function changedFixturesRequest(index: string, sinceMs: number, after?: estypes.SortResults): estypes.SearchRequest {
  return {
    index,
    size: CHANGE_PAGE_SIZE,
    query: { range: { updated_at: { gte: new Date(sinceMs).toISOString() } } },
    _source: ["id", "updated_at"],
    ...VERSIONED_HITS,
    sort: [{ updated_at: "asc" }, { id: "asc" }],
    track_total_hits: false,
    ...(after ? { search_after: after } : {}),
  };
}
