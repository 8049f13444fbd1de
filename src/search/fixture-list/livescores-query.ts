import type { estypes } from "@elastic/elasticsearch";
import { IN_PLAY_STATUSES } from "../../domain/types/statuses.js";
import { kickoffSort } from "./fixtures-query.js";
import { MAX_RESULT_WINDOW } from "../page-window.js";
import { fixtureSource } from "./source-fields.js";
import { VERSIONED_HITS } from "../../store/hit-version.js";

/**
 * All fixtures in play, in one search without pagination (docs/api-behaviour.md, "Live scores
 * in one answer"): the size is the node's whole result window, far above any real number of
 * live matches.
 */
export function buildLivescoresSearch(input: {
  index: string;
  sportId: number;
  leagueIds?: readonly number[] | undefined;
  includes: ReadonlySet<string>;
}): estypes.SearchRequest {
  const filters: estypes.QueryDslQueryContainer[] = [
    { terms: { status: [...IN_PLAY_STATUSES] } },
    { term: { "sport.id": input.sportId } },
  ];
  if (input.leagueIds) filters.push({ terms: { "league.id": [...input.leagueIds] } });
  return {
    index: input.index,
    query: { bool: { filter: filters } },
    allow_partial_search_results: false,
    sort: kickoffSort("asc"),
    size: MAX_RESULT_WINDOW,
    track_total_hits: false,
    ...VERSIONED_HITS,
    _source: fixtureSource(input.includes),
  };
}
