import type { estypes } from "@elastic/elasticsearch";
import { describe, expect, it } from "vitest";
import { fixtureCandidateQuery, MAX_VARIANT_WORD, referenceCandidateQuery } from "../../../../src/search/entity/candidate-queries.js";
import { queryText } from "../../../../src/search/entity/query-text.js";

type Clause = { bool?: { should?: unknown; filter?: unknown }; match?: Record<string, Match> };
type Match = { query: string; fuzziness?: string | number; minimum_should_match?: string };
const should = (query: estypes.QueryDslQueryContainer): Clause[] => (query as Clause).bool?.should as Clause[];
const matchOn = (clauses: Clause[], field: string): Match[] => clauses.flatMap((clause) => (clause.match?.[field] ? [clause.match[field]] : []));

describe("referenceCandidateQuery", () => {
  it("looks the folded query up as an exact name and as a beginning of a name written as one word", () => {
    const clauses = should(referenceCandidateQuery(queryText("Borussia Dortmünd")));
    expect(clauses).toContainEqual({ constant_score: { filter: { term: { "search.names": "borussia dortmund" } }, boost: 100 } });
    expect(clauses).toContainEqual({ constant_score: { filter: { prefix: { "search.compact": "borussiadortmund" } }, boost: 3 } });
    expect(clauses).toContainEqual({ constant_score: { filter: { prefix: { "search.words": "dortmund" } }, boost: 2 } });
  });

  it("searches words with their canonical forms, and trigrams of the significant words only", () => {
    const clauses = should(referenceCandidateQuery(queryText("football club braga utd")));
    expect(matchOn(clauses, "search.words")[0]!.query).toBe("football club braga utd united");
    expect(matchOn(clauses, "search.grams")[0]!.query).toBe("_br bra rag aga gau aut utd");
  });

  it("makes only the longest significant word fuzzy, and only when asked", () => {
    const plain = should(referenceCandidateQuery(queryText("borussia dortmnud")));
    expect(matchOn(plain, "search.words").some((m) => m.fuzziness)).toBe(false);
    expect(matchOn(plain, "search.deletions")).toEqual([]);
    const clauses = should(referenceCandidateQuery(queryText("fc pwlefmo ac"), { fuzziness: "AUTO" }));
    expect(matchOn(clauses, "search.deletions")).toHaveLength(1);
    expect(matchOn(clauses, "search.deletions")[0]!.query.split(" ")[0]).toBe("pwlefmo");
  });

  it("looks a word of 6 letters or more up by its deletion variants instead of a two-edit fuzzy query", () => {
    const clauses = should(referenceCandidateQuery(queryText("pwlefmo"), { fuzziness: "AUTO" }));
    expect(matchOn(clauses, "search.words").some((m) => m.fuzziness)).toBe(false);
    const variants = matchOn(clauses, "search.deletions")[0]!.query.split(" ");
    expect(variants).toEqual(expect.arrayContaining(["pwlefmo", "wlefmo", "plefmo", "pefmo", "pwlef"]));
    // Any variant shared is worth a flat bonus, as a fuzzy match was.
    expect(clauses).toContainEqual({ constant_score: { filter: { terms: { "search.deletions": variants } }, boost: 3 } });
  });

  it("gives a word longer than any club's the fuzzy query: its variants would be thousands of clauses", () => {
    const long = "x".repeat(MAX_VARIANT_WORD - 4) + "abcde";
    const clauses = should(referenceCandidateQuery(queryText(long), { fuzziness: "AUTO" }));
    expect(matchOn(clauses, "search.deletions")).toEqual([]);
    expect(matchOn(clauses, "search.words").filter((m) => m.fuzziness)).toEqual([expect.objectContaining({ query: long, fuzziness: "AUTO" })]);
    const longest = should(referenceCandidateQuery(queryText(long.slice(1)), { fuzziness: "AUTO" }));
    expect(matchOn(longest, "search.deletions")).toHaveLength(1);
  });

  it("gives a shorter word one edit through a fuzzy query", () => {
    const clauses = should(referenceCandidateQuery(queryText("fc jvuee"), { fuzziness: "AUTO" }));
    expect(matchOn(clauses, "search.words").filter((m) => m.fuzziness)).toEqual([expect.objectContaining({ query: "jvuee", fuzziness: "AUTO" })]);
    expect(matchOn(clauses, "search.deletions")).toEqual([]);
  });

  it("matches the word being typed within one edit of a stored beginning, from 4 letters", () => {
    expect(matchOn(should(referenceCandidateQuery(queryText("tottemh"))), "search.prefixes")).toEqual([
      expect.objectContaining({ query: "tottemh", fuzziness: 1, prefix_length: 1 }),
    ]);
    expect(matchOn(should(referenceCandidateQuery(queryText("tot"))), "search.prefixes")).toEqual([]);
  });

  it("tries a short one-word query as an upper-case code", () => {
    expect(should(referenceCandidateQuery(queryText("usa"), { codeFields: ["alpha3"] }))).toContainEqual({
      constant_score: { filter: { term: { alpha3: "USA" } }, boost: 50 },
    });
    expect(JSON.stringify(referenceCandidateQuery(queryText("united states"), { codeFields: ["alpha3"] }))).not.toContain("alpha3");
  });
});

describe("fixtureCandidateQuery", () => {
  it("filters to the window and level 1, and wants half the trigrams without fuzzy words", () => {
    const query = fixtureCandidateQuery(queryText("arsenal chelsea"), new Date("2026-11-21T12:00:00.000Z"));
    expect((query as Clause).bool?.filter).toHaveLength(2);
    const clauses = should(query);
    expect(matchOn(clauses, "search.grams")[0]!.minimum_should_match).toBe("50%");
    expect(matchOn(clauses, "search.teams").every((m) => m.fuzziness === undefined)).toBe(true);
  });
});
