import type { estypes } from "@elastic/elasticsearch";
import { FINISHED_STATUSES } from "../../domain/types/statuses.js";
import { VERSIONED_HITS } from "../../store/hit-version.js";
import { kickoffSort } from "../fixture-list/fixtures-query.js";
import { fixtureSource } from "../fixture-list/source-fields.js";

/** Validated GET /fixtures/head-to-head input, as the router hands it over. */
export type HeadToHeadInput = {
  /** Two different team ids, in the order asked for (the summary lists them so). */
  teamIds: readonly [number, number];
  /** Meetings listed, newest first; the summary counts all of them. */
  limit: number;
  includes: ReadonlySet<string>;
};

/** The indexed-only result of a finished fixture (domain/fixture/final-result.ts). */
const RESULT = "final_result";

/** One direction of the pairing: `home` at home to `away`. */
function hosting(home: number, away: number): estypes.QueryDslQueryContainer {
  return { bool: { filter: [{ term: { home_team_id: home } }, { term: { away_team_id: away } }] } };
}

/**
 * A meeting: the two teams against each other, either at home, finished (FT, AWARDED) with a
 * final score. Upcoming, in-play, postponed, cancelled and abandoned fixtures are not meetings;
 * a finished fixture without a score has no result to count, so it is left out of both the list
 * and the summary (they always agree).
 */
export function meetingFilter(input: Pick<HeadToHeadInput, "teamIds">): estypes.QueryDslQueryContainer[] {
  const [first, second] = input.teamIds;
  return [
    { terms: { status: [...FINISHED_STATUSES] } },
    { exists: { field: `${RESULT}.goals` } },
    { bool: { should: [hosting(first, second), hosting(second, first)], minimum_should_match: 1 } },
  ];
}

/** The last `limit` meetings, newest first (kick-off, then id, descending), with the requested modules. */
export function meetingsRequest(input: HeadToHeadInput, index: string): estypes.SearchRequest {
  return {
    index,
    query: { bool: { filter: meetingFilter(input) } },
    allow_partial_search_results: false,
    sort: kickoffSort("desc"),
    size: input.limit,
    track_total_hits: false,
    ...VERSIONED_HITS,
    _source: fixtureSource(input.includes),
  };
}

/**
 * One search that counts every meeting (not only the listed ones): hits are the meetings, and
 * Elasticsearch counts each team's wins (`wins`, keyed by team id), the draws and the meetings
 * both teams scored in, and sums the goals. Counts and sums are exact; the presenter divides.
 */
export function summaryRequest(input: Pick<HeadToHeadInput, "teamIds">, index: string): estypes.SearchRequest {
  const [first, second] = input.teamIds;
  const winner = (team: number) => ({ term: { [`${RESULT}.winner_team_id`]: team } });
  return {
    index,
    size: 0,
    track_total_hits: true,
    allow_partial_search_results: false,
    query: { bool: { filter: meetingFilter(input) } },
    aggs: {
      wins: { filters: { keyed: true, filters: { [String(first)]: winner(first), [String(second)]: winner(second) } } },
      draws: { filter: { term: { [`${RESULT}.draw`]: true } } },
      both_scored: { filter: { term: { [`${RESULT}.both_scored`]: true } } },
      goals: { sum: { field: `${RESULT}.goals` } },
    },
  };
}
