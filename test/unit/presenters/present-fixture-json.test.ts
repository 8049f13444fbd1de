import { describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";
import type { Filters } from "../../../src/presenters/fixture-filters.js";
import { presentFixture, presentFixtureJson, type FixtureVariant } from "../../../src/presenters/fixture-presenter.js";
import type { StatisticView } from "../../../src/presenters/fixture-schema.js";
import { fixtureDocuments } from "../../support/fixtures-catalog.js";

describe("presentFixtureJson", () => {
  it("is JSON.stringify(presentFixture(...)) over every variant, eight sets of includes and four of filters", () => {
    const docs = [...fixtureDocuments().values()];
    // With and without each module: a document lacking statistics presents an empty list.
    expect(docs.filter((doc: FixtureDocument) => (doc.odds?.length ?? 0) > 0 && (doc.statistics?.length ?? 0) > 0 && (doc.metrics?.length ?? 0) > 0).length).toBeGreaterThan(5);
    expect(docs.some((doc: FixtureDocument) => (doc.statistics?.length ?? 0) === 0)).toBe(true);
    const variants: FixtureVariant[] = ["fixtures", "livescores", "search", "entity"];
    const includeSets = [[], ["odds"], ["statistics"], ["metrics"], ["statistics", "metrics"], ["odds", "metrics"], ["odds", "statistics", "metrics", "fair_odds", "movement", "trends"], ["metrics", "trends"]];
    const typeOf = (entries: readonly StatisticView[] | undefined, i: number) => entries?.[i % entries.length]?.type_id ?? 0;
    for (const doc of docs) {
      const filterSets: Filters[] = [
        {},
        { odds: { bookmakers: [1], is_live: [1] } },
        { statistics: { types: [typeOf(doc.statistics, 0), typeOf(doc.statistics, 7)] }, metrics: { types: [typeOf(doc.metrics, 3)] } },
        { statistics: { types: [] }, metrics: { developer_types: ["predictions"] } },
      ];
      for (const variant of variants) {
        for (const includes of includeSets) {
          for (const filters of filterSets) {
            const options = { language: "en", includes: new Set(includes), filters, variant };
            expect(presentFixtureJson(doc, options)).toBe(JSON.stringify(presentFixture(doc, options)));
          }
        }
      }
    }
  }, 60_000); // 128 combinations per document, each presented twice: 6 s on a slow day, past vitest's 5 s default
});
