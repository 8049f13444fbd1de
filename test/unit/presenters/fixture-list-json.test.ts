import { beforeAll, describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";
import { FixtureJsonCache } from "../../../src/presenters/fixture-json-cache.js";
import { fixtureListJson } from "../../../src/presenters/fixture-list-json.js";
import { presentFixture } from "../../../src/presenters/fixture-presenter.js";
import { fixtureDocuments, FORM } from "../../support/fixtures-catalog.js";

let docs: Map<number, FixtureDocument>;
beforeAll(() => {
  docs = fixtureDocuments();
});

describe("fixtureListJson", () => {
  it("wraps fixtures under their key, followed by the other fields", () => {
    const cache = new FixtureJsonCache(1024 * 1024);
    const options = { variant: "fixtures" as const, language: "en", includes: new Set<string>(), filters: {} };
    const body = fixtureListJson("fixtures", [FORM.target, FORM.after].map((id) => cache.chunks({ doc: docs.get(id)!, version: `v/${id}` }, options)), {
      pagination: { page: 1, per_page: 2, has_more: false, order: "asc" },
    });
    const bytes = Buffer.concat(body.parts);
    expect(body.byteLength).toBe(bytes.length);
    expect(JSON.parse(bytes.toString())).toEqual({
      fixtures: [FORM.target, FORM.after].map((id) => presentFixture(docs.get(id)!, options)),
      pagination: { page: 1, per_page: 2, has_more: false, order: "asc" },
    });
    expect(JSON.parse(Buffer.concat(fixtureListJson("fixtures", []).parts).toString())).toEqual({ fixtures: [] });
  });
});
