import type { estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../../domain/fixture/fixture-document.js";

/** What /fixtures/search can include; fair_odds, movement, last_fixtures and trends are unavailable here. */
export const SEARCH_INCLUDES = ["odds", "statistics", "metrics"] as const;
export type SearchInclude = (typeof SEARCH_INCLUDES)[number];

/** Stored fields a search response never shows; the packed ones are most of a document's bytes. */
const NEVER_RETURNED = ["fair_odds", "movement", "trends", "simulation"] as const satisfies ReadonlyArray<keyof FixtureDocument>;

/**
 * Leaves out of `_source` every large field the response will not show, so the node
 * reads and sends, and the service parses, only what is presented.
 */
export function sourceFilter(includes: ReadonlySet<SearchInclude>): estypes.SearchSourceFilter {
  const skipped = SEARCH_INCLUDES.filter((include) => !includes.has(include));
  return { excludes: [...NEVER_RETURNED, ...skipped] };
}
