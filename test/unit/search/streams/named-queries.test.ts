import { describe, expect, it } from "vitest";
import { chunkByClauses, clauseWeight, documentsById, factorConjuncts, unionSource, whichMatch, type NamedQuery } from "../../../../src/search/streams/named-queries.js";

const filter = (status: string) => ({ bool: { filter: [{ term: { status } }, { range: { "scores.home": { gte: 1 } } }] } });

describe("named standing queries", () => {
  it("ask every query about the changed fixtures in one search, each clause named after its query, optional (only reported), ids and versions only", () => {
    const named: NamedQuery[] = [
      { name: "q1", query: filter("LIVE") },
      { name: "q2", query: filter("FT") },
    ];
    expect(whichMatch("sfd_fixtures", named, { ids: [7, 9], size: 2 })).toEqual({
      index: "sfd_fixtures",
      query: {
        bool: {
          must: [{ ids: { values: ["7", "9"] } }],
          should: [
            { bool: { filter: [filter("LIVE")], _name: "q1" } },
            { bool: { filter: [filter("FT")], _name: "q2" } },
          ],
        },
      },
      stored_fields: "_none_",
      seq_no_primary_term: true,
      size: 2,
      sort: [{ id: "asc" }],
      track_total_hits: false,
      allow_partial_search_results: false,
    });
  });

  it("read the whole index page by page when no ids are given (a membership check)", () => {
    const request = whichMatch("sfd_fixtures", [{ name: "q1", query: filter("LIVE") }], { size: 500, after: [42] });
    expect(request.query).toEqual({ bool: { should: [{ bool: { filter: [filter("LIVE")], _name: "q1" } }], minimum_should_match: 1 } });
    expect(request.search_after).toEqual([42]);
    expect(request.size).toBe(500);
  });

  it("count a query's leaf clauses as the node does (a terms list is one), at least one", () => {
    expect(clauseWeight({ term: { status: "FT" } })).toBe(1);
    expect(clauseWeight(filter("FT"))).toBe(2);
    expect(clauseWeight({ nested: { path: "effective", query: { bool: { filter: [{ term: { a: 1 } }, { range: { b: { gte: 1 } } }] } } } })).toBe(2);
    expect(clauseWeight({ terms: { status: ["A", "B", "C"] } })).toBe(1);
    expect(clauseWeight({})).toBe(1);
  });

  it("split the queries so no search carries more clauses than the limit, in order, a too large query alone", () => {
    const named = Array.from({ length: 10 }, (_, i) => ({ name: `q${i}`, query: filter("FT") }));
    const chunks = chunkByClauses(named, 6);
    expect(chunks.map((chunk) => chunk.map(({ name }) => name))).toEqual([
      ["q0", "q1"],
      ["q2", "q3"],
      ["q4", "q5"],
      ["q6", "q7"],
      ["q8", "q9"],
    ]);
    expect(chunkByClauses(named.slice(0, 2), 2)).toHaveLength(2);
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

describe("unionSource", () => {
  it("keeps every field any query shows: includes add up, excludes keep only what all leave out", () => {
    expect(unionSource([{ includes: ["id", "odds"] }, { includes: ["id", "metrics"] }])).toEqual({ includes: ["id", "odds", "metrics"] });
    expect(unionSource([{ excludes: ["odds", "trends", "simulation"] }, { excludes: ["metrics", "trends", "simulation"] }])).toEqual({ excludes: ["trends", "simulation"] });
    expect(unionSource([{ includes: ["id", "trends"] }, { excludes: ["odds", "trends"] }])).toEqual({ excludes: ["odds"] });
    expect(unionSource([{ excludes: ["odds"] }, { includes: ["odds"] }])).toBeUndefined();
    expect(unionSource([undefined, { includes: ["id"] }])).toBeUndefined();
  });
});

describe("factorConjuncts", () => {
  it("names each distinct clause of the queries' filters once, and says which clauses make each query", () => {
    const window = { terms: { status: ["LIVE"] } };
    const corners = { nested: { path: "effective", query: { bool: { filter: [{ term: { "effective.name": "CORNERS" } }] } } } };
    const goals = { nested: { path: "effective", query: { bool: { filter: [{ term: { "effective.name": "GOALS" } }] } } } };
    const { clauses, conjunctsOf } = factorConjuncts([
      { name: "q1", query: { bool: { filter: [window, corners] } } },
      { name: "q2", query: { bool: { filter: [window, goals] } } },
      { name: "q3", query: { bool: { filter: [window, corners] } } },
    ]);
    expect(clauses.map(({ query }) => query)).toEqual([window, corners, goals]);
    expect(conjunctsOf.get("q1")).toEqual(conjunctsOf.get("q3"));
    expect(conjunctsOf.get("q2")).toEqual([clauses[0]!.name, clauses[2]!.name]);
  });

  it("asks a query of another shape whole, and an empty filter as match_all", () => {
    const other = { bool: { filter: [{ term: { a: 1 } }], must_not: [{ term: { b: 2 } }] } };
    const { clauses, conjunctsOf } = factorConjuncts([
      { name: "q1", query: other },
      { name: "q2", query: { bool: { filter: [] } } },
      { name: "q3", query: { term: { a: 1 } } },
    ]);
    expect(clauses.map(({ query }) => query)).toEqual([other, { match_all: {} }, { term: { a: 1 } }]);
    expect([...conjunctsOf.values()].map((names) => names.length)).toEqual([1, 1, 1]);
  });
});
