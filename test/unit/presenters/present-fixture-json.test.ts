import { describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";
import type { Filters } from "../../../src/presenters/fixture-filters.js";
import { presentStatEntries, type StatisticView } from "../../../src/presenters/fixture-modules.js";
import { presentFixture, presentFixtureJson, type FixtureVariant } from "../../../src/presenters/fixture-presenter.js";
import { statEntriesJson } from "../../../src/presenters/stat-entries-json.js";
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

describe("statEntriesJson", () => {
  const entry = (fields: Record<string, unknown>) => ({ team_id: 11, type_id: 34, developer_name: "CORNERS", value: 5, location: "home", ...fields }) as unknown as StatisticView;
  const same = (entries: StatisticView[]) => expect(statEntriesJson(entries)).toBe(JSON.stringify(presentStatEntries(entries)));

  it("writes numbers, names and null values as JSON.stringify does", () => {
    same([]);
    same([entry({})]);
    same([entry({ value: null }), entry({ value: 0.5 }), entry({ value: -0 }), entry({ value: 1e21 }), entry({ value: 1e-7 }), entry({ team_id: 2 ** 53 + 2 })]);
    same([entry({ developer_name: 'quote " backslash \\ newline \n tab \t ü ✓ \u0001' }), entry({ developer_name: "" })]);
  });

  it("leaves anything else to JSON.stringify: missing, non-finite, string, boolean and object values", () => {
    same([entry({ value: undefined }), entry({ team_id: undefined }), entry({ developer_name: undefined })]);
    same([entry({ value: Number.NaN }), entry({ value: Number.POSITIVE_INFINITY }), entry({ type_id: Number.NEGATIVE_INFINITY })]);
    same([entry({ value: "7" }), entry({ value: true }), entry({ value: { nested: [1, "x"] } }), entry({ developer_name: 12 }), entry({ team_id: "11" })]);
  });

  it("writes a hole in the list as null, as JSON.stringify does", () => {
    same([, entry({})] as StatisticView[]);
    same([entry({}), , entry({ value: 2 })] as StatisticView[]);
  });

  it("fails where presenting a list that is not one fails", () => {
    const notAList = { length: 1 } as unknown as StatisticView[];
    expect(() => statEntriesJson(notAList)).toThrow(TypeError);
    expect(() => presentStatEntries(notAList)).toThrow(TypeError);
  });
});
