import { describe, expect, it } from "vitest";
import file from "../../../../src/ingest/documents/search-aliases.json" with { type: "json" };
import { loadSearchAliases } from "../../../../src/ingest/documents/search-aliases.js";
import { fold } from "../../../../src/domain/text/fold.js";

describe("the curated entity-search aliases", () => {
  it("load, each entry with a reason", () => {
    const aliases = loadSearchAliases();
    expect(aliases.teams.get("Juventus FC")).toContain("Juve");
    expect(aliases.leagues.get("uefa.cl")).toContain("UCL");
    for (const entry of [...file.teams, ...file.leagues]) expect(entry.why.length).toBeGreaterThan(10);
  });

  it("give no folded alias to two entities of one kind (it would name neither)", () => {
    for (const list of [file.teams.map((entry) => entry.aliases), file.leagues.map((entry) => entry.aliases)]) {
      const seen = new Set<string>();
      for (const aliases of list) {
        for (const alias of new Set(aliases.map(fold))) {
          expect(seen.has(alias), alias).toBe(false);
          seen.add(alias);
        }
      }
    }
  });

  it("refuse an entry without a reason", () => {
    expect(() => loadSearchAliases({ about: "", teams: [{ team: "X", aliases: ["Y"] }], leagues: [] })).toThrow();
  });
});
