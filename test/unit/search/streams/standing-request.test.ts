import type { estypes } from "@elastic/elasticsearch";
import { describe, expect, it } from "vitest";
import { restrictedTo, wholeResultSet } from "../../../../src/search/streams/standing-request.js";

const polled: estypes.SearchRequest = {
  index: "sfd_fixtures",
  from: 50,
  size: 25,
  query: { bool: { filter: [{ terms: { status: ["INPLAY_1ST_HALF"] } }] } },
  sort: [{ date_time: "asc" }, { id: "asc" }],
  _source: { excludes: ["odds"] },
  seq_no_primary_term: true,
};

describe("standing requests", () => {
  it("ask the polled question for the whole result set, one hit past the limit, in the same order", () => {
    expect(wholeResultSet(polled, 1000)).toEqual({ ...polled, from: 0, size: 1001, track_total_hits: false });
  });

  it("ask the same question about the changed fixtures only", () => {
    expect(restrictedTo(polled, [7, 9])).toEqual({
      ...polled,
      from: 0,
      size: 2,
      track_total_hits: false,
      query: { bool: { filter: [polled.query, { ids: { values: ["7", "9"] } }] } },
    });
  });

  it("restricts a question without a query to the ids", () => {
    const { query: _query, ...everything } = polled;
    expect(restrictedTo(everything, [3]).query).toEqual({ bool: { filter: [{ ids: { values: ["3"] } }] } });
  });
});
