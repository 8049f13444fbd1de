import { describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";
import type { FixtureJsonOptions } from "../../../src/presenters/fixture-json-cache.js";
import type { PresentableFixture } from "../../../src/reading/presentable-fixture.js";
import { fixtureListTag, type FixtureListTagInput } from "../../../src/presenters/fixture-list-tag.js";

const json = Buffer.from("{}");
// A fixture without a version is one read with its document (the tag never reads it).
const fixture = (version: string | null): PresentableFixture => (version === null ? { version, doc: {} as FixtureDocument } : { version, json });
const options: FixtureJsonOptions = { variant: "fixtures", language: "en", includes: new Set(["odds", "last_fixtures"]), filters: {} };
const base: FixtureListTagInput = {
  key: "fixtures",
  options,
  fixtures: [fixture("i/1/5/1"), fixture("i/2/7/1")],
  previous: [{ home: [fixture("i/9/1/1")], away: [fixture("i/8/1/1")] }, { home: [], away: [] }],
  rest: { pagination: { page: 1, per_page: 25, has_more: false, order: "asc" } },
};

describe("fixtureListTag", () => {
  it("gives the same tag for the same versions, options and other fields", () => {
    const tag = fixtureListTag(base);
    expect(tag).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(fixtureListTag({ ...base, fixtures: [fixture("i/1/5/1"), fixture("i/2/7/1")], options: { ...options, includes: new Set(["last_fixtures", "odds"]) } })).toBe(tag);
    // A fixture without a form list is the same body as one with empty lists.
    expect(fixtureListTag({ ...base, previous: [base.previous![0]] })).toBe(tag);
  });

  it("changes with anything that changes the body", () => {
    const variants: Array<Partial<FixtureListTagInput>> = [
      { key: "data" },
      { fixtures: [fixture("i/1/6/1"), fixture("i/2/7/1")] },
      { fixtures: [fixture("j/1/5/1"), fixture("i/2/7/1")] },
      { fixtures: [fixture("i/2/7/1"), fixture("i/1/5/1")] },
      { fixtures: [fixture("i/1/5/1")] },
      { previous: [{ home: [fixture("i/9/2/1")], away: [fixture("i/8/1/1")] }] },
      { previous: [{ home: [fixture("i/8/1/1")], away: [fixture("i/9/1/1")] }] },
      { previous: [{ home: [fixture("i/9/1/1"), fixture("i/8/1/1")], away: [] }] },
      { previous: [{ home: [fixture("i/9/1/1")], away: [] }, { home: [], away: [fixture("i/8/1/1")] }] },
      { options: { ...options, language: "de" } },
      { options: { ...options, variant: "search" } },
      { options: { ...options, includes: new Set(["odds"]) } },
      { options: { ...options, filters: { odds: { bookmakers: [2] } } } },
      { rest: { pagination: { page: 2, per_page: 25, has_more: false, order: "asc" } } },
      { rest: {} },
    ];
    const tags = new Set([fixtureListTag(base)]);
    for (const variant of variants) tags.add(fixtureListTag({ ...base, ...variant }));
    expect(tags.size).toBe(variants.length + 1);
  });

  it("gives no tag when a fixture or a form entry has no version (the body is hashed instead)", () => {
    expect(fixtureListTag({ ...base, fixtures: [fixture(null)] })).toBeNull();
    expect(fixtureListTag({ ...base, previous: [{ home: [], away: [fixture(null)] }] })).toBeNull();
  });
});
