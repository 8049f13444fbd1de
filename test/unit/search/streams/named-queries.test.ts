import { describe, expect, it } from "vitest";
import { chunkByClauses, clauseWeight, documentsById, whichMatch, type NamedQuery } from "../../../../src/search/streams/named-queries.js";

const filter = (status: string) => ({ bool: { filter: [{ term: { status } }, { range: { "scores.home": { gte: 1 } } }] } });

describe("named standing queries", () => {
  it("ask every query about the changed fixtures in one search, each clause named after its query, ids and versions only", () => {
    const named: NamedQuery[] = [
      { name: "q1", query: filter("LIVE") },
      { name: "q2", query: filter("FT") },
    ];
    expect(whichMatch("sfd_fixtures", named, { ids: [7, 9], size: 2 })).toEqual({
      index: "sfd_fixtures",
      query: {
        bool: {
          filter: [{ ids: { values: ["7", "9"] } }],
          should: [
            { bool: { filter: [filter("LIVE")], _name: "q1" } },
            { bool: { filter: [filter("FT")], _name: "q2" } },
          ],
          minimum_should_match: 1,
        },
      },
      _source: false,
      seq_no_primary_term: true,
      size: 2,
      sort: [{ id: "asc" }],
      track_total_hits: false,
      allow_partial_search_results: false,
    });
  });

  it("read the whole index page by page when no ids are given (a membership check)", () => {
    const request = whichMatch("sfd_fixtures", [{ name: "q1", query: filter("LIVE") }], { size: 500, after: [42] });
    expect(request.query).toEqual({ bool: { filter: [], should: [{ bool: { filter: [filter("LIVE")], _name: "q1" } }], minimum_should_match: 1 } });
    expect(request.search_after).toEqual([42]);
    expect(request.size).toBe(500);
  });

  it("count every object of a query as a clause: never fewer than the node counts", () => {
    expect(clauseWeight({ term: { status: "FT" } })).toBe(2);
    expect(clauseWeight(filter("FT"))).toBe(7);
    expect(clauseWeight([])).toBe(0);
  });

  it("split the queries so no search carries more clauses than the limit, in order, a too large query alone", () => {
    const named = Array.from({ length: 10 }, (_, i) => ({ name: `q${i}`, query: filter("FT") }));
    const chunks = chunkByClauses(named, 20);
    expect(chunks.map((chunk) => chunk.map(({ name }) => name))).toEqual([
      ["q0", "q1"],
      ["q2", "q3"],
      ["q4", "q5"],
      ["q6", "q7"],
      ["q8", "q9"],
    ]);
    expect(chunkByClauses(named.slice(0, 2), 3)).toHaveLength(2);
  });

  it("read changed documents by id with the fields the query shows", () => {
    expect(documentsById("sfd_fixtures", [3, 4], { excludes: ["odds"] })).toEqual({
      index: "sfd_fixtures",
      query: { ids: { values: ["3", "4"] } },
      size: 2,
      seq_no_primary_term: true,
      track_total_hits: false,
      allow_partial_search_results: false,
      _source: { excludes: ["odds"] },
    });
  });
});
