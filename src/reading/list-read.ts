import type { Client, estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { versionedFixtures } from "../store/hit-version.js";
import { searchHits } from "../store/searches.js";
import { readRefs, searchRefs, sourceFilterOf, type HitRef } from "../store/versioned-refs.js";
import { keptOrRead } from "./kept-or-read.js";
import type { KeptJson, PresentableFixture } from "./presentable-fixture.js";

/** A hit to present: its ref, the `_source` fields it needs when its JSON is not kept, and whether it is a last_fixtures entry. */
export type WantedFixture = { ref: HitRef; source: estypes.SearchSourceFilter; asLastFixture?: boolean };

/**
 * The fixtures of `wanted`: the JSON kept for each version where there is one, the rest read
 * by id in one _mget (none when every one is kept). null when a document changed between the
 * search and the read: the caller then reads the usual way.
 */
export async function presentableRefs<Options>(es: Client, cache: KeptJson<Options>, wanted: readonly WantedFixture[], options: Options): Promise<PresentableFixture[] | null> {
  const kept = ({ ref, asLastFixture }: WantedFixture): PresentableFixture | undefined => {
    const json = cache.peek(ref.version, options, asLastFixture);
    return json ? { version: ref.version, json } : undefined;
  };
  return (await keptOrRead(wanted, kept, (missing) => readRefs(es, missing))) as PresentableFixture[] | null;
}

/**
 * The hits of one search, presentable (/livescores, /fixtures/search, the meetings of
 * /fixtures/head-to-head): the ids and versions first and then only the documents whose JSON
 * is not kept (docs/design.md, "Presented-JSON cache"); the usual one-step read with the
 * cache off, when the search has no `_source` filter, or when a document changed between the
 * two steps.
 */
export async function readFixtureList<Options>(es: Client, cache: KeptJson<Options>, request: estypes.SearchRequest, options: Options): Promise<PresentableFixture[]> {
  const source = sourceFilterOf(request);
  if (source !== null && cache.enabled) {
    const refs = await searchRefs(es, request);
    const presentable = refs && (await presentableRefs(es, cache, refs.map((ref) => ({ ref, source })), options));
    if (presentable) return presentable;
  }
  return versionedFixtures(await searchHits<FixtureDocument>(es, request));
}
