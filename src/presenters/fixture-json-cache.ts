import { LRUCache } from "lru-cache";
import { LAST_FIXTURE_INCLUDES } from "../domain/fixture/includes.js";
import type { PresentableFixture } from "../reading/presentable-fixture.js";
import { presentFixtureJson, type PresentFixtureOptions } from "./fixture-presenter.js";

/**
 * The JSON of presented fixtures, cached per stored document version. Presenting is most
 * of a request's CPU: packed odds and trends expand four to sixty times (a 25-fixture page
 * with odds is about 430 KiB from the node and 1.8 MiB out), and pages like "today with
 * odds", livescores or a team's form are asked for again and again.
 *
 * Its two invariants, both tested beside it:
 * - the key is the document version (src/store/hit-version.ts: the searches ask for it
 *   with VERSIONED_HITS) and everything else presentFixture reads (variant, language,
 *   includes, filters), so a cached entry is always byte for byte what presenting would
 *   give; stale entries are never read and age out of the LRU;
 * - last_fixtures is spliced in after a fixture's own fields, each previous match cached
 *   on its own, which gives presentFixture's bytes because presentFixture writes it last.
 *
 * One per process, sized by FIXTURE_CACHE_MB (0 turns it off): it is most of the
 * service's memory beyond Node itself, so it is what to lower on a small instance. An entry is
 * a plain Buffer: slabs of their own would hold RSS a little lower, inside the memory budget
 * either way, for a rule a maintainer must know (a cached buffer pinning a slab;
 * docs/operations.md, "Memory").
 */
export class FixtureJsonCache {
  readonly #entries: LRUCache<string, Buffer> | null;

  constructor(maxBytes: number) {
    this.#entries =
      maxBytes > 0
        ? new LRUCache<string, Buffer>({
            maxSize: maxBytes,
            sizeCalculation: (value, key) => value.length + key.length,
          })
        : null;
  }

  /** false with FIXTURE_CACHE_MB=0: then nothing is kept, and reading versions first would only cost a round trip. */
  get enabled(): boolean {
    return this.#entries !== null;
  }

  /**
   * The JSON kept for a version, as `chunks` would use it: `asLastFixture` for an entry of
   * another fixture's last_fixtures. Read before the document is, so a kept one is not read.
   */
  peek(version: string, options: FixtureJsonOptions, asLastFixture = false): Buffer | undefined {
    return this.#entries?.get(entryKey(version, options, asLastFixture));
  }

  /**
   * The chunks of JSON.stringify(presentFixture(doc, options)) for one fixture: its own
   * fields, then last_fixtures (with include=last_fixtures) from the previous matches given.
   */
  chunks(fixture: PresentableFixture, options: FixtureJsonOptions, lastFixtures?: { home: readonly PresentableFixture[]; away: readonly PresentableFixture[] }): Buffer[] {
    const own = this.#ownJson(fixture, options);
    if (!options.includes.has("last_fixtures")) return [own];
    const { form } = derived(options);
    // Pushed one by one into one array, separators shared: a page with last_fixtures has hundreds
    // of entries, and an array per entry and three new buffers per fixture would be garbage.
    const chunks = [own.subarray(0, own.length - 1), FORM_HOME_OPEN];
    const list = (entries: readonly PresentableFixture[] | undefined): void => {
      (entries ?? []).forEach((entry, i) => {
        if (i > 0) chunks.push(COMMA);
        chunks.push(this.#ownJson(entry, form));
      });
    };
    list(lastFixtures?.home);
    chunks.push(FORM_AWAY_OPEN);
    list(lastFixtures?.away);
    chunks.push(FORM_CLOSE);
    return chunks;
  }

  /** The fixture without last_fixtures, as UTF-8 JSON. */
  #ownJson(fixture: PresentableFixture, options: FixtureJsonOptions): Buffer {
    if ("json" in fixture) return fixture.json;
    const key = fixture.version === null ? null : entryKey(fixture.version, options);
    const cached = key === null ? undefined : this.#entries?.get(key);
    if (cached) return cached;
    const { includes } = options;
    const own = includes.has("last_fixtures") ? new Set([...includes].filter((include) => include !== "last_fixtures")) : includes;
    const json = Buffer.from(presentFixtureJson(fixture.doc, { ...options, includes: own }));
    if (key !== null) this.#entries?.set(key, json);
    return json;
  }
}

export type FixtureJsonOptions = Omit<PresentFixtureOptions, "lastFixtures">;

function optionsKey(options: FixtureJsonOptions): string {
  const includes = [...options.includes].filter((include) => include !== "last_fixtures").sort().join(",");
  return `${options.variant}|${options.language}|${includes}|${JSON.stringify(options.filters)}`;
}

/** What the cache derives from a request's options: their key and the options its last_fixtures entries are presented with. */
type Derived = { key: string; form: FixtureJsonOptions };
const DERIVED = new WeakMap<FixtureJsonOptions, Derived>();

/**
 * Derived once per options object, not per fixture: a request presents up to hundreds of
 * fixtures and form entries with one, and building each key again (spread, sort, join,
 * stringify) would be much of such a request's garbage. Options are never changed once built,
 * and the entries' options are one object per request too.
 */
function derived(options: FixtureJsonOptions): Derived {
  let found = DERIVED.get(options);
  if (found === undefined) {
    found = { key: optionsKey(options), form: { ...options, ...LAST_FIXTURE_OPTIONS } };
    DERIVED.set(options, found);
  }
  return found;
}

/**
 * The cache's key of a version presented with `options`, or as an entry of another fixture's
 * last_fixtures (`asLastFixture`: presented with the entries' own options).
 */
function entryKey(version: string, options: FixtureJsonOptions, asLastFixture = false): string {
  return `${version}|${derived(asLastFixture ? derived(options).form : options).key}`;
}

const LAST_FIXTURE_OPTIONS = { includes: LAST_FIXTURE_INCLUDES, filters: {} } as const;
const COMMA = Buffer.from(",");
const FORM_HOME_OPEN = Buffer.from(',"last_fixtures":{"home":[');
const FORM_AWAY_OPEN = Buffer.from('],"away":[');
const FORM_CLOSE = Buffer.from("]}}");
