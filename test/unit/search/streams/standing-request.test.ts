import type { estypes } from "@elastic/elasticsearch";
import { describe, expect, it } from "vitest";
import { membershipOf, wholeResultSet } from "../../../../src/search/streams/standing-request.js";

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

  it("ask for a membership as ids and versions only, in the same order, loading no stored field (the id is the last sort value)", () => {
    const { _source: _shown, ...question } = polled;
    expect(membershipOf(polled, 10)).toEqual({ ...question, from: 0, size: 11, track_total_hits: false, stored_fields: "_none_" });
  });
});
