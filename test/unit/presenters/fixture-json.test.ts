import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FIXTURE_CACHE_MB } from "../../../src/config.js";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";
import type { Filters } from "../../../src/http/bracket-params.js";
import { configureFixtureJsonCache, fixtureJsonChunks, fixtureListJson, hitVersion, type VersionedFixture } from "../../../src/presenters/fixture-json.js";
import { presentFixture, type FixtureVariant } from "../../../src/presenters/fixture-presenter.js";
import { fixtureDocuments, FORM, LIVE } from "../../support/fixtures-catalog.js";

let docs: Map<number, FixtureDocument>;
beforeAll(() => {
  docs = fixtureDocuments();
});

const versioned = (id: number, seqNo = 1): VersionedFixture => ({
  doc: docs.get(id)!,
  version: hitVersion({ _index: "unit_fixtures-1", _id: String(id), _seq_no: seqNo, _primary_term: 1 }),
});
const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString();

const CASES: Array<{ variant: FixtureVariant; language: string; includes: string[]; filters: Filters }> = [
  { variant: "fixtures", language: "en", includes: [], filters: {} },
  { variant: "fixtures", language: "de", includes: ["odds", "statistics", "metrics", "fair_odds", "movement", "trends"], filters: {} },
  { variant: "fixtures", language: "es", includes: ["statistics", "metrics", "trends"], filters: { statistics: { types: [34] }, metrics: { developer_types: ["predictions"] }, trends: { developer_names: ["GOALS"] } } },
  { variant: "livescores", language: "fr", includes: ["odds", "statistics"], filters: { odds: { bookmakers: [1, 2] } } },
  { variant: "search", language: "en", includes: ["metrics"], filters: {} },
  { variant: "entity", language: "de", includes: [], filters: {} },
];

describe("fixtureJsonChunks", () => {
  it("is byte for byte JSON.stringify of presentFixture, for every variant, include and filter", () => {
    for (const id of [...docs.keys()]) {
      for (const options of CASES) {
        const presentOptions = { ...options, includes: new Set(options.includes) };
        const expected = JSON.stringify(presentFixture(docs.get(id)!, presentOptions));
        expect(text(fixtureJsonChunks(versioned(id), presentOptions)), `${id} ${options.variant}`).toBe(expected);
        // Served again from the cache: the same bytes.
        expect(text(fixtureJsonChunks(versioned(id), presentOptions))).toBe(expected);
      }
    }
  });

  it("appends last_fixtures exactly as presentFixture shows it", () => {
    const options = { variant: "fixtures" as const, language: "de", includes: new Set(["last_fixtures", "statistics", "trends"]), filters: { statistics: { types: [34] } } };
    const home = FORM.homeOfHome.slice(-3).reverse();
    const away = FORM.awayOfAway.slice(-2).reverse();
    const expected = JSON.stringify(
      presentFixture(docs.get(FORM.target)!, { ...options, lastFixtures: { home: home.map((id) => docs.get(id)!), away: away.map((id) => docs.get(id)!) } }),
    );
    const chunks = fixtureJsonChunks(versioned(FORM.target), options, { home: home.map((id) => versioned(id)), away: away.map((id) => versioned(id)) });
    expect(text(chunks)).toBe(expected);
    const empty = JSON.stringify(presentFixture(docs.get(FORM.first)!, options));
    expect(text(fixtureJsonChunks(versioned(FORM.first), options))).toBe(empty);
  });

  it("never serves a cached entry for another version of the document", () => {
    const options = { variant: "fixtures" as const, language: "en", includes: new Set<string>(), filters: {} };
    const before = text(fixtureJsonChunks(versioned(LIVE.first, 7), options));
    const changed: FixtureDocument = { ...docs.get(LIVE.first)!, status: "HT" };
    expect(text(fixtureJsonChunks({ doc: changed, version: versioned(LIVE.first, 8).version }, options))).toContain('"status":"HT"');
    expect(text(fixtureJsonChunks(versioned(LIVE.first, 7), options))).toBe(before);
    // Without a version nothing is cached: the document as given is presented.
    expect(text(fixtureJsonChunks({ doc: changed, version: null }, options))).toContain('"status":"HT"');
  });
});

describe("configureFixtureJsonCache", () => {
  const options = { variant: "fixtures" as const, language: "en", includes: new Set<string>(), filters: {} };
  afterAll(() => configureFixtureJsonCache(DEFAULT_FIXTURE_CACHE_MB * 1024 * 1024));

  it("serves the same bytes again from the cache, and presents afresh when the cache is off", () => {
    configureFixtureJsonCache(1024 * 1024);
    const first = fixtureJsonChunks(versioned(FORM.target, 3), options)[0]!;
    expect(fixtureJsonChunks(versioned(FORM.target, 3), options)[0]).toBe(first);
    configureFixtureJsonCache(0);
    const uncached = fixtureJsonChunks(versioned(FORM.target, 3), options)[0]!;
    expect(uncached).not.toBe(first);
    expect(uncached.equals(first)).toBe(true);
    expect(fixtureJsonChunks(versioned(FORM.target, 3), options)[0]).not.toBe(uncached);
  });
});

describe("fixtureListJson", () => {
  it("wraps fixtures under their key, followed by the other fields", () => {
    const options = { variant: "fixtures" as const, language: "en", includes: new Set<string>(), filters: {} };
    const body = fixtureListJson("fixtures", [FORM.target, FORM.after].map((id) => fixtureJsonChunks(versioned(id), options)), {
      pagination: { page: 1, per_page: 2, has_more: false, order: "asc" },
    });
    expect(JSON.parse(body.toString())).toEqual({
      fixtures: [FORM.target, FORM.after].map((id) => presentFixture(docs.get(id)!, options)),
      pagination: { page: 1, per_page: 2, has_more: false, order: "asc" },
    });
    expect(JSON.parse(fixtureListJson("fixtures", []).toString())).toEqual({ fixtures: [] });
  });
});

describe("hitVersion", () => {
  it("needs the index, id, seq_no and primary term of a hit", () => {
    expect(hitVersion({ _index: "i", _id: "5", _seq_no: 3, _primary_term: 1 })).toBe("i/5/3/1");
    expect(hitVersion({ _index: "i", _id: "5" })).toBeNull();
  });
});
