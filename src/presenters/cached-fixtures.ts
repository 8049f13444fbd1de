import type { Client, estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { versionedFixtures } from "../store/hit-version.js";
import { searchHits } from "../store/searches.js";
import { readRefs, searchRefs, sourceFilterOf, type HitRef } from "../store/versioned-refs.js";
import type { FixtureJsonCache, FixtureJsonOptions, PresentableFixture } from "./fixture-json-cache.js";

/** A hit to present: its ref, the `_source` fields it needs when its JSON is not kept, and whether it is a last_fixtures entry. */
export type WantedFixture = { ref: HitRef; source: estypes.SearchSourceFilter; asLastFixture?: boolean };

/**
 * The fixtures of `wanted`, ready for `cache.chunks`: the JSON kept for each version where
 * there is one, the rest read by id in one _mget (none when every one is kept). null when
 * a document changed between the search and the read: the caller then reads the usual way.
 */
export async function presentableFixtures(es: Client, cache: FixtureJsonCache, wanted: readonly WantedFixture[], options: FixtureJsonOptions): Promise<PresentableFixture[] | null> {
  // The positions not kept are collected in the same pass (a page with last_fixtures has hundreds).
  const missing: number[] = [];
  const out = wanted.map(({ ref, asLastFixture }, i): PresentableFixture | undefined => {
    const json = cache.peek(ref.version, options, asLastFixture);
    if (json) return { version: ref.version, json };
    missing.push(i);
    return undefined;
  });
  const read = await readRefs(es, missing.map((i) => wanted[i]!));
  if (read === null) return null;
  missing.forEach((i, n) => (out[i] = read[n]));
  return out as PresentableFixture[];
}

/**
 * The hits of one search ready for `cache.chunks`: the ids and versions first and then only the
 * documents whose JSON is not kept (docs/design.md, "Presented-JSON cache": /livescores and
 * /fixtures/search, whose answers repeat); the usual one-step read with the cache off, when the
 * search has no `_source` filter, or when a document changed between the two steps.
 */
export async function searchPresentable(es: Client, cache: FixtureJsonCache, request: estypes.SearchRequest, options: FixtureJsonOptions): Promise<PresentableFixture[]> {
  const source = sourceFilterOf(request);
  if (source !== null && cache.enabled) {
    const refs = await searchRefs(es, request);
    const presentable = refs && (await presentableFixtures(es, cache, refs.map((ref) => ({ ref, source })), options));
    if (presentable) return presentable;
  }
  return versionedFixtures(await searchHits<FixtureDocument>(es, request));
}
