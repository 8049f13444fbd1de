import { describe, expect, it } from "vitest";
import { meetingsRequest, summaryRequest } from "../../../../src/search/head-to-head/head-to-head-request.js";
import { fixtureSource } from "../../../../src/search/fixture-list/source-fields.js";

const MEETINGS = [
  { terms: { status: ["FT", "AWARDED"] } },
  { exists: { field: "final_result.goals" } },
  {
    bool: {
      should: [
        { bool: { filter: [{ term: { home_team_id: 8 } }, { term: { away_team_id: 564 } }] } },
        { bool: { filter: [{ term: { home_team_id: 564 } }, { term: { away_team_id: 8 } }] } },
      ],
      minimum_should_match: 1,
    },
  },
];

describe("head-to-head requests", () => {
  const input = { teamIds: [8, 564] as const, limit: 5, includes: new Set(["odds"]) };

  it("lists the last `limit` finished meetings in either direction, newest first, with the modules asked for", () => {
    expect(meetingsRequest(input, "fx")).toEqual({
      index: "fx",
      query: { bool: { filter: MEETINGS } },
      allow_partial_search_results: false,
      sort: [{ date_time: { order: "desc" } }, { id: { order: "desc" } }],
      size: 5,
      track_total_hits: false,
      seq_no_primary_term: true,
      _source: fixtureSource(new Set(["odds"])),
    });
  });

  it("counts every meeting with aggregations: each team's wins, draws, both scored, and the goals summed", () => {
    expect(summaryRequest(input, "fx")).toEqual({
      index: "fx",
      size: 0,
      track_total_hits: true,
      allow_partial_search_results: false,
      query: { bool: { filter: MEETINGS } },
      aggs: {
        wins: {
          filters: {
            keyed: true,
            filters: { "8": { term: { "final_result.winner_team_id": 8 } }, "564": { term: { "final_result.winner_team_id": 564 } } },
          },
        },
        draws: { filter: { term: { "final_result.draw": true } } },
        both_scored: { filter: { term: { "final_result.both_scored": true } } },
        goals: { sum: { field: "final_result.goals" } },
      },
    });
  });
});
