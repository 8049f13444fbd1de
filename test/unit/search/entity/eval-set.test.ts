import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type EvalQuery = { q: string; type: string; category: string; group: string; expected: { id: number; name: string } };
const { queries } = JSON.parse(readFileSync("test/eval/entity-search.json", "utf8")) as { queries: EvalQuery[] };

describe("the entity-search evaluation set", () => {
  it("holds at least 500 queries, each with the entity it means", () => {
    expect(queries.length).toBeGreaterThanOrEqual(500);
    for (const query of queries) {
      expect(query.q.trim().length, JSON.stringify(query)).toBeGreaterThan(0);
      expect(query.q.length).toBeLessThanOrEqual(100);
      expect(["team", "league", "country"]).toContain(query.type);
      expect(["plain", "hard"]).toContain(query.group);
      expect(Number.isSafeInteger(query.expected.id) && query.expected.name.length > 0).toBe(true);
    }
  });

  it("covers every plain and hard category the issue names", () => {
    const categories = new Set(queries.map((query) => query.category));
    for (const category of ["typo1", "typo2", "prefix", "alternate", "accents", "partial"]) expect(categories).toContain(category);
    for (const category of ["run_together", "word_order", "typo_in_prefix", "by_ear", "neighbour_keys", "nickname_typo", "extra_words"]) {
      expect(categories).toContain(category);
    }
    const teamQueries = (group: string) => queries.filter((query) => query.type === "team" && query.group === group).length;
    expect(teamQueries("plain")).toBeGreaterThanOrEqual(300);
    expect(teamQueries("hard")).toBeGreaterThanOrEqual(300);
  });
});
