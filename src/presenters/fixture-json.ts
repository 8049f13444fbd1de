import { LRUCache } from "lru-cache";
import { DEFAULT_FIXTURE_CACHE_MB } from "../config.js";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { presentFixture, type PresentFixtureOptions } from "./fixture-presenter.js";

/**
 * The JSON of presented fixtures, cached per stored document version. Presenting is most
 * of a request's CPU: packed odds and trends expand four to sixty times (a 25-fixture page
 * with odds is about 430 KiB from the node and 1.8 MiB out), and pages like "today with
 * odds", livescores or a team's form are asked for again and again.
 *
 * The key is the document version (concrete index, id, _seq_no, _primary_term: every
 * write, live update or rebuild changes one of them) and everything else presentFixture
 * reads (variant, language, includes, filters), so a cached entry is always byte for byte
 * what presenting would give; stale entries are never read and age out of the LRU.
 */

/** A stored document as a search returned it; `version` null when the hit carried none (never cached). */
export type VersionedFixture = { doc: FixtureDocument; version: string | null };

export type FixtureJsonOptions = Omit<PresentFixtureOptions, "lastFixtures">;

function newCache(maxSize: number): LRUCache<string, Buffer> | null {
  return maxSize > 0 ? new LRUCache<string, Buffer>({ maxSize, sizeCalculation: (value, key) => value.length + key.length }) : null;
}

/** Sized by FIXTURE_CACHE_MB once the configuration is read (createDeps); its default until then. */
let cache = newCache(DEFAULT_FIXTURE_CACHE_MB * 1024 * 1024);

/**
 * Sizes the process-wide cache (FIXTURE_CACHE_MB; 0 turns it off). It is most of the
 * service's memory beyond Node itself, so it is what to lower on a small instance.
 */
export function configureFixtureJsonCache(maxBytes: number): void {
  cache = newCache(maxBytes);
}

type FixtureHit = { _index: string; _id?: string | null; _seq_no?: number | null; _primary_term?: number | null; _source?: FixtureDocument };

/** Hits with their documents and versions, as the JSON cache wants them (hits without a source are skipped). */
export function versionedFixtures(hits: readonly FixtureHit[]): VersionedFixture[] {
  return hits.flatMap((hit) => (hit._source ? [{ doc: hit._source, version: hitVersion(hit) }] : []));
}

/** The version part of a cache key, from a search hit's metadata. */
export function hitVersion(hit: { _index: string; _id?: string | null; _seq_no?: number | null; _primary_term?: number | null }): string | null {
  if (hit._id == null || hit._seq_no == null || hit._primary_term == null) return null;
  return `${hit._index}/${hit._id}/${hit._seq_no}/${hit._primary_term}`;
}

function optionsKey(options: FixtureJsonOptions): string {
  const includes = [...options.includes].filter((include) => include !== "last_fixtures").sort().join(",");
  return `${options.variant}|${options.language}|${includes}|${JSON.stringify(options.filters)}`;
}

/** The fixture without last_fixtures, as UTF-8 JSON. */
function ownJson(fixture: VersionedFixture, options: FixtureJsonOptions): Buffer {
  const key = fixture.version === null ? null : `${fixture.version}|${optionsKey(options)}`;
  const cached = key === null ? undefined : cache?.get(key);
  if (cached) return cached;
  const { includes } = options;
  const own = includes.has("last_fixtures") ? new Set([...includes].filter((include) => include !== "last_fixtures")) : includes;
  const json = Buffer.from(JSON.stringify(presentFixture(fixture.doc, { ...options, includes: own })));
  if (key !== null) cache?.set(key, json);
  return json;
}

const LAST_FIXTURE_OPTIONS = { includes: new Set(["statistics", "metrics"]), filters: {} } as const;

/**
 * The chunks of JSON.stringify(presentFixture(doc, options)) for one fixture: its own
 * fields, then last_fixtures, which presentFixture puts last for this reason, with every
 * previous match cached on its own.
 */
export function fixtureJsonChunks(
  fixture: VersionedFixture,
  options: FixtureJsonOptions,
  lastFixtures?: { home: readonly VersionedFixture[]; away: readonly VersionedFixture[] },
): Buffer[] {
  const own = ownJson(fixture, options);
  if (!options.includes.has("last_fixtures")) return [own];
  const entryOptions: FixtureJsonOptions = { ...options, ...LAST_FIXTURE_OPTIONS };
  const list = (entries: readonly VersionedFixture[] | undefined): Buffer[] =>
    (entries ?? []).flatMap((entry, i) => (i === 0 ? [ownJson(entry, entryOptions)] : [COMMA, ownJson(entry, entryOptions)]));
  return [
    own.subarray(0, own.length - 1),
    Buffer.from(',"last_fixtures":{"home":['),
    ...list(lastFixtures?.home),
    Buffer.from('],"away":['),
    ...list(lastFixtures?.away),
    Buffer.from("]}}"),
  ];
}

const COMMA = Buffer.from(",");

/** `{"<key>":[fixture,...],...rest}` as one buffer: the response body of a fixture list. */
export function fixtureListJson(key: string, fixtures: readonly Buffer[][], rest: Record<string, unknown> = {}): Buffer {
  const chunks: Buffer[] = [Buffer.from(`{${JSON.stringify(key)}:[`)];
  fixtures.forEach((fixture, i) => {
    if (i > 0) chunks.push(COMMA);
    chunks.push(...fixture);
  });
  const tail = JSON.stringify(rest);
  chunks.push(Buffer.from(tail === "{}" ? "]}" : `],${tail.slice(1)}`));
  return Buffer.concat(chunks);
}
