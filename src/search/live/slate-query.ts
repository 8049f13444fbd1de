import type { estypes } from "@elastic/elasticsearch";
import { IN_PLAY_STATUSES } from "../../domain/types/statuses.js";

/**
 * The fixtures the simulator moves at `now`: those in play, and those not started that kick
 * off by `until` (also ones whose kick-off has passed while nobody moved them, e.g. after a
 * rebuild some time ago). Which of them are simulated is decided from `simulation`, which is
 * stored but not indexed.
 */
export function liveSlateRequest(fixturesIndex: string, fields: readonly string[], until: Date): estypes.SearchRequest & { sort: estypes.Sort } {
  return {
    index: fixturesIndex,
    _source: [...fields],
    query: {
      bool: {
        should: [
          { terms: { status: [...IN_PLAY_STATUSES] } },
          { bool: { filter: [{ term: { status: "NOT_STARTED" } }, { range: { date_time: { lte: until.toISOString() } } }] } },
        ],
        minimum_should_match: 1,
      },
    },
    sort: [{ id: "asc" }],
  };
}

/**
 * The fixtures written since `since` (wall time), newest first, at most `size`: a new writer
 * repeats the follow-ups (repricing, standings) of those its predecessor wrote just before it
 * stopped. One page: the lookback is a few seconds of a live feed's writes (a rebuild in
 * those seconds rewrites every document; the writer keeps only those a feed wrote).
 */
export function writtenSinceRequest(fixturesIndex: string, fields: readonly string[], since: Date, size: number): estypes.SearchRequest {
  return {
    index: fixturesIndex,
    _source: [...fields],
    size,
    query: { bool: { filter: [{ range: { updated_at: { gte: since.toISOString() } } }] } },
    sort: [{ updated_at: "desc" }, { id: "asc" }],
  };
}
