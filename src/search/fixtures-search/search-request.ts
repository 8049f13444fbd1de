import type { estypes } from "@elastic/elasticsearch";
import type { FixtureStatus } from "../../domain/types/statuses.js";
import type { PageWindow } from "../page-window.js";
import type { OrderClause, WhereCondition } from "./conditions.js";
import { sortClause } from "./sort-clause.js";
import { sourceFilter, type SearchInclude } from "./source-filter.js";
import { whereClauses } from "./where-clauses.js";
import { windowFilter, type SearchWindow } from "./window-filter.js";
import { VERSIONED_HITS } from "../../store/hit-version.js";

/** Validated /fixtures/search input, as the router hands it over. */
export type FixturesSearchInput = {
  window: SearchWindow;
  /** Replaces the window's default statuses when given. */
  statuses?: readonly FixtureStatus[] | undefined;
  leagueIds?: readonly number[] | undefined;
  where: readonly WhereCondition[];
  order: OrderClause | null;
  includes: ReadonlySet<SearchInclude>;
  /** The page: `fullPageWindow`, whose has_more the router reads from the same window. */
  pageWindow: PageWindow;
};

/**
 * The one Elasticsearch request a search needs: every condition in one bool filter
 * (no scoring, cacheable clauses), the order with its tie-breaks, and the page.
 * Total hits are not counted: the page's window says has_more from the hits.
 */
export function fixturesSearchRequest(input: FixturesSearchInput, target: { index: string; now: Date; liveHours: number }): estypes.SearchRequest {
  const filter: estypes.QueryDslQueryContainer[] = [
    ...windowFilter(input.window, input.statuses, target.now, target.liveHours),
    ...(input.leagueIds ? [{ terms: { "league.id": [...input.leagueIds] } }] : []),
    ...whereClauses(input.where),
  ];
  return {
    index: target.index,
    query: { bool: { filter } },
    sort: sortClause(input.order),
    from: input.pageWindow.from,
    size: input.pageWindow.size,
    track_total_hits: false,
    ...VERSIONED_HITS,
    // A missing shard must fail the request, not silently shrink a page (docs/design.md, "No partial results").
    allow_partial_search_results: false,
    _source: sourceFilter(input.includes),
  };
}
