import type { estypes } from "@elastic/elasticsearch";
import { FORM_LENGTH } from "../../domain/bet-builders/form.js";
import { FINISHED_STATUSES } from "../../domain/types/statuses.js";

/** The team's last finished fixtures (any competition) before `before`, most recent first. */
export function formSearch(teamId: number, before: string, size = FORM_LENGTH): estypes.SearchSearchRequestBody {
  return {
    size,
    _source: ["home_team_id", "away_team_id", "scores"],
    query: {
      bool: {
        filter: [
          { terms: { status: [...FINISHED_STATUSES] } },
          { range: { date_time: { lt: before } } },
          { bool: { should: [{ term: { home_team_id: teamId } }, { term: { away_team_id: teamId } }], minimum_should_match: 1 } },
        ],
      },
    },
    sort: [{ date_time: "desc" }, { id: "desc" }],
  };
}
