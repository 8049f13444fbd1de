import type { Client, estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { fixtureIdOf, idsWithoutStoredFields } from "./hit-ids.js";
import { hitVersion, type VersionedFixture } from "./hit-version.js";

/**
 * Reads in two steps for callers that keep what they derive from a document by its version
 * (the presented-JSON cache): first the hits' ids and versions only, then the documents of
 * the versions not kept, so an unchanged fixture is neither read, sent nor parsed again.
 */

/** A hit without its document: where it is, its version and the doc-value fields asked for. */
export type HitRef = { index: string; id: string; version: string; fields: Record<string, unknown[]> };

type RefHit = {
  _index: string;
  _id?: string | null;
  _seq_no?: number | null;
  _primary_term?: number | null;
  fields?: Record<string, unknown[]>;
  sort?: estypes.SortResults;
};

/**
 * The request answering ids and versions only, with `docvalueFields` read from doc values:
 * no stored field is loaded, not even `_id` (src/store/hit-ids.ts says why that matters).
 */
export function refsOnly<T extends estypes.SearchRequest | estypes.SearchSearchRequestBody>(request: T, docvalueFields: readonly string[] = []): T {
  return idsWithoutStoredFields(request, docvalueFields);
}

/** The refs of hits; null when a hit carries no version (then the caller reads the documents the usual way). */
function refsOf(hits: readonly RefHit[]): HitRef[] | null {
  const refs: HitRef[] = [];
  for (const hit of hits) {
    const id = fixtureIdOf(hit);
    const version = hitVersion(hit);
    if (id === null || version === null) return null;
    refs.push({ index: hit._index, id: String(id), version, fields: hit.fields ?? {} });
  }
  return refs;
}

/** One search's hits as refs (see `refsOnly`). */
export async function searchRefs(es: Client, request: estypes.SearchRequest, docvalueFields: readonly string[] = []): Promise<HitRef[] | null> {
  const response = await es.search(refsOnly(request, docvalueFields));
  return refsOf(response.hits.hits);
}

/** Each search of one _msearch as refs, in order; a failed search fails the read with `failure`'s error. */
export async function multiSearchRefs(
  es: Client,
  request: estypes.MsearchRequest,
  failure: (error: estypes.ErrorCause, position: number) => Error,
): Promise<Array<HitRef[] | null>> {
  const searches = (request.searches ?? []).map((item, i) => (i % 2 === 1 ? refsOnly(item as estypes.SearchSearchRequestBody) : item));
  const response = await es.msearch({ ...request, searches });
  return response.responses.map((item, position) => {
    if ("error" in item) throw failure(item.error, position);
    return refsOf(item.hits.hits);
  });
}

/** A ref to read, with the `_source` filter of the search it came from. */
export type RefRead = { ref: HitRef; source: estypes.SearchSourceFilter };

/** A search's `_source` filter (includes/excludes), or null when it asks for whole documents or none. */
export function sourceFilterOf(request: estypes.SearchRequest | estypes.SearchSearchRequestBody): estypes.SearchSourceFilter | null {
  const source = request._source;
  return typeof source === "object" && !Array.isArray(source) ? source : null;
}

/**
 * The documents of `reads` in one _mget, in the order given, each with the version read.
 * Not real-time: the read sees the refreshed state the searches saw, so a version differs
 * only when a refresh came in between; null then (or when one is gone), and the caller reads
 * the usual way rather than mixing states.
 */
export async function readRefs(es: Client, reads: readonly RefRead[]): Promise<VersionedFixture[] | null> {
  if (reads.length === 0) return [];
  const response = await es.mget<FixtureDocument>({
    docs: reads.map(({ ref, source }) => ({ _index: ref.index, _id: ref.id, _source: source })),
    realtime: false,
  });
  const read: VersionedFixture[] = [];
  for (const [i, doc] of response.docs.entries()) {
    if (!("found" in doc) || !doc.found || !doc._source) return null;
    const version = hitVersion(doc);
    if (version !== reads[i]?.ref.version) return null;
    read.push({ doc: doc._source, version });
  }
  return read;
}
