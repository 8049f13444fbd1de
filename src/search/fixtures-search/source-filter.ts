import type { estypes } from "@elastic/elasticsearch";
import { LIVE_INCLUDES } from "../../domain/fixture/includes.js";
import { largeFieldsOutside } from "../fixture-list/source-fields.js";

/** What /fixtures/search can include; fair_odds, movement, last_fixtures and trends are unavailable here. */
export type SearchInclude = (typeof LIVE_INCLUDES)[number];

/** Stored fields a search response never shows. */
const NEVER_RETURNED = largeFieldsOutside(LIVE_INCLUDES);

/**
 * Leaves out of `_source` every large field the response will not show, so the node
 * reads and sends, and the service parses, only what is presented.
 */
export function sourceFilter(includes: ReadonlySet<SearchInclude>): estypes.SearchSourceFilter {
  const skipped = LIVE_INCLUDES.filter((include) => !includes.has(include));
  return { excludes: [...NEVER_RETURNED, ...skipped] };
}
