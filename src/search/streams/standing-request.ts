import type { estypes } from "@elastic/elasticsearch";
import { idsWithoutStoredFields } from "../../store/hit-ids.js";

/**
 * A standing query asks Elasticsearch the polled endpoint's own question, built by the
 * endpoint's own builder, in two sizes. Nothing here decides what matches: only how much
 * of the answer comes back.
 */

/** The whole result set, in the endpoint's order: at most `limit` hits (one more tells "too many"). */
export function wholeResultSet(request: estypes.SearchRequest, limit: number): estypes.SearchRequest {
  return { ...request, from: 0, size: limit + 1, track_total_hits: false };
}

/**
 * The whole result set as ids and versions only: enough to tell which fixtures entered, left
 * or changed (a window moves with time), without reading and parsing every document again,
 * nor loading any stored field (src/store/hit-ids.ts).
 */
export function membershipOf(request: estypes.SearchRequest, limit: number): estypes.SearchRequest {
  return idsWithoutStoredFields(wholeResultSet(request, limit));
}
