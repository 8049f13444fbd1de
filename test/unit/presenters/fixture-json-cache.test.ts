import { beforeAll, describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";
import { FIXTURE_INCLUDES } from "../../../src/domain/fixture/includes.js";
import type { Filters } from "../../../src/presenters/fixture-filters.js";
import { FixtureJsonCache } from "../../../src/presenters/fixture-json-cache.js";
import { presentFixture, type FixtureVariant } from "../../../src/presenters/fixture-presenter.js";
import { hitVersion, type VersionedFixture } from "../../../src/store/hit-version.js";
import { fixtureDocuments, FORM, LIVE } from "../../support/fixtures-catalog.js";

let docs: Map<number, FixtureDocument>;
let cache: FixtureJsonCache;
beforeAll(() => {
  docs = fixtureDocuments();
  cache = new FixtureJsonCache(8 * 1024 * 1024);
});

const versioned = (id: number, seqNo = 1): VersionedFixture => ({
  doc: docs.get(id)!,
  version: hitVersion({ _index: "unit_fixtures-1", _id: String(id), _seq_no: seqNo, _primary_term: 1 }),
});
const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString();
const VARIANTS: FixtureVariant[] = ["fixtures", "livescores", "search", "entity"];

const CASES: Array<{ variant: FixtureVariant; language: string; includes: string[]; filters: Filters }> = [
  { variant: "fixtures", language: "en", includes: [], filters: {} },
  { variant: "fixtures", language: "de", includes: ["odds", "statistics", "metrics", "fair_odds", "movement", "trends"], filters: {} },
  { variant: "fixtures", language: "es", includes: ["statistics", "metrics", "trends"], filters: { statistics: { types: [34] }, metrics: { developer_types: ["predictions"] }, trends: { developer_names: ["GOALS"] } } },
  { variant: "livescores", language: "fr", includes: ["odds", "statistics"], filters: { odds: { bookmakers: [1, 2] } } },
  { variant: "search", language: "en", includes: ["metrics"], filters: {} },
  { variant: "entity", language: "de", includes: [], filters: {} },
];

describe("FixtureJsonCache.chunks", () => {
  it("is byte for byte JSON.stringify of presentFixture, for every variant, include and filter", () => {
    for (const id of [...docs.keys()]) {
      for (const options of CASES) {
        const presentOptions = { ...options, includes: new Set(options.includes) };
        const expected = JSON.stringify(presentFixture(docs.get(id)!, presentOptions));
        expect(text(cache.chunks(versioned(id), presentOptions)), `${id} ${options.variant}`).toBe(expected);
        // Served again from the cache: the same bytes.
        expect(text(cache.chunks(versioned(id), presentOptions))).toBe(expected);
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
    const chunks = cache.chunks(versioned(FORM.target), options, { home: home.map((id) => versioned(id)), away: away.map((id) => versioned(id)) });
    expect(text(chunks)).toBe(expected);
    const empty = JSON.stringify(presentFixture(docs.get(FORM.first)!, options));
    expect(text(cache.chunks(versioned(FORM.first), options))).toBe(empty);
  });

  it("relies on presentFixture writing last_fixtures last, which it does for every variant with every include", () => {
    const lastFixtures = { home: [docs.get(FORM.first)!], away: [docs.get(FORM.awayOfAway[0])!] };
    for (const variant of VARIANTS) {
      const options = { variant, language: "en", includes: new Set<string>(FIXTURE_INCLUDES), filters: {} };
      const view = presentFixture(docs.get(FORM.target)!, { ...options, lastFixtures });
      expect(Object.keys(view).at(-1), variant).toBe("last_fixtures");
      const chunks = cache.chunks(versioned(FORM.target), options, { home: [versioned(FORM.first)], away: [versioned(FORM.awayOfAway[0])] });
      expect(text(chunks), variant).toBe(JSON.stringify(view));
    }
  });

  it("never serves a cached entry for another version of the document", () => {
    const options = { variant: "fixtures" as const, language: "en", includes: new Set<string>(), filters: {} };
    const before = text(cache.chunks(versioned(LIVE.first, 7), options));
    const changed: FixtureDocument = { ...docs.get(LIVE.first)!, status: "HT" };
    expect(text(cache.chunks({ doc: changed, version: versioned(LIVE.first, 8).version }, options))).toContain('"status":"HT"');
    expect(text(cache.chunks(versioned(LIVE.first, 7), options))).toBe(before);
    // Without a version nothing is cached: the document as given is presented.
    expect(text(cache.chunks({ doc: changed, version: null }, options))).toContain('"status":"HT"');
  });
});

describe("FixtureJsonCache size", () => {
  const options = { variant: "fixtures" as const, language: "en", includes: new Set<string>(), filters: {} };

  it("serves the same bytes again from the cache, and presents afresh when the cache is off", () => {
    const sized = new FixtureJsonCache(1024 * 1024);
    const first = sized.chunks(versioned(FORM.target, 3), options)[0]!;
    expect(sized.chunks(versioned(FORM.target, 3), options)[0]).toBe(first);
    const off = new FixtureJsonCache(0);
    const uncached = off.chunks(versioned(FORM.target, 3), options)[0]!;
    expect(uncached).not.toBe(first);
    expect(uncached.equals(first)).toBe(true);
    expect(off.chunks(versioned(FORM.target, 3), options)[0]).not.toBe(uncached);
  });
});

describe("FixtureJsonCache.peek", () => {
  const options = { variant: "fixtures" as const, language: "en", includes: new Set(["statistics", "last_fixtures"]), filters: {} };

  it("finds the JSON chunks keeps for a version and these options, as a fixture of its own or as a last_fixtures entry", () => {
    const peeking = new FixtureJsonCache(1024 * 1024);
    const version = versioned(FORM.first, 5).version!;
    expect(peeking.enabled).toBe(true);
    expect(peeking.peek(version, options)).toBeUndefined();
    // With last_fixtures the first chunk is the fixture's own JSON without its closing brace.
    const own = `${text(peeking.chunks(versioned(FORM.first, 5), options).slice(0, 1))}}`;
    expect(peeking.peek(version, options)?.toString()).toBe(own);
    expect(peeking.peek(version, { ...options, language: "de" })).toBeUndefined();
    expect(peeking.peek(version, options, true)).toBeUndefined();
    peeking.chunks(versioned(FORM.target, 5), options, { home: [versioned(FORM.first, 5)], away: [] });
    expect(peeking.peek(version, options, true)?.toString()).toBe(JSON.stringify(presentFixture(docs.get(FORM.first)!, { ...options, includes: new Set(["statistics", "metrics"]) })));
    expect(new FixtureJsonCache(0).enabled).toBe(false);
  });

  it("presents a fixture given with its peeked JSON and no document", () => {
    const peeking = new FixtureJsonCache(1024 * 1024);
    const full = text(peeking.chunks(versioned(FORM.target, 6), options, { home: [versioned(FORM.first, 6)], away: [] }));
    const json = (id: number, asLastFixture = false) => ({ version: versioned(id, 6).version!, json: peeking.peek(versioned(id, 6).version!, options, asLastFixture)! });
    expect(text(peeking.chunks(json(FORM.target), options, { home: [json(FORM.first, true)], away: [] }))).toBe(full);
  });
});
