import type { estypes } from "@elastic/elasticsearch";

/** Far more than any season has rows (the largest real one has about 60). */
export const MAX_STANDING_ROWS = 10_000;

/** All stored rows of one season, in table order (stage, group, position). */
export function standingsSearch(index: string, seasonId: number): estypes.SearchRequest {
  return {
    index,
    size: MAX_STANDING_ROWS,
    query: { term: { season_id: seasonId } },
    sort: [{ sort_key: "asc" }, { team_id: "asc" }],
    _source: ["row", "team_names"],
  };
}
