import type { estypes } from "@elastic/elasticsearch";

/**
 * Hits that say which fixture and which version without loading any stored field.
 *
 * `_id` is a stored field, and stored fields are kept in compressed blocks together with the
 * `_source` of the neighbouring documents: to return a hit's `_id`, the node decompresses the
 * block that holds it, large fixtures and all: for the ordered reads of the standing queries,
 * more than twice the node's CPU of reading ids from doc values (docs/streams.md, "Ids and
 * versions without stored fields"). Fixtures are stored under their own id (`_id` is `String(id)`),
 * and `id` has doc values, as do `_seq_no` and `_primary_term`: a search that sorts by `id`
 * last (all of the service's orders end with it) finds the id in the hit's last sort value;
 * any other reads it as a doc-value field.
 */

/** The fixture id field (a long with doc values; the document's `_id` is its string). */
export const FIXTURE_ID_FIELD = "id";

type IdHit = { _id?: string | null; fields?: Record<string, unknown[]>; sort?: estypes.SortResults };

/** Whether a sort's last key is the fixture id: then every hit's last sort value is its id. */
export function sortsLastById(sort: estypes.Sort | undefined): boolean {
  const keys = sort === undefined ? [] : Array.isArray(sort) ? sort : [sort];
  const last = keys.at(-1);
  if (last === undefined) return false;
  if (typeof last === "string") return last === FIXTURE_ID_FIELD;
  const fields = Object.keys(last);
  return fields.length === 1 && fields[0] === FIXTURE_ID_FIELD;
}

/**
 * `request` answering ids and versions only, no stored field loaded (`_source` and `_id`
 * left out): with `docvalueFields` read from doc values, and `id` among them unless the
 * request sorts by it last. Read each hit's id with `fixtureIdOf`.
 */
export function idsWithoutStoredFields<T extends estypes.SearchRequest | estypes.SearchSearchRequestBody>(
  request: T,
  docvalueFields: readonly string[] = [],
): T {
  const { _source: _ignored, ...rest } = request;
  const fields = new Set(docvalueFields);
  if (!sortsLastById(request.sort)) fields.add(FIXTURE_ID_FIELD);
  return {
    ...rest,
    stored_fields: "_none_",
    seq_no_primary_term: true,
    ...(fields.size > 0 ? { docvalue_fields: [...fields].map((field) => ({ field })) } : {}),
  } as T;
}

/**
 * A hit's fixture id: its `id` doc value, else its `_id`, else its last sort value (a request
 * made by `idsWithoutStoredFields` that sorts by id last). Null when it carries none.
 */
export function fixtureIdOf(hit: IdHit): number | null {
  const fromDocValues = hit.fields?.[FIXTURE_ID_FIELD]?.[0];
  const id = fromDocValues ?? hit._id ?? hit.sort?.at(-1);
  if (id === undefined || id === null) return null;
  const number = Number(id);
  return Number.isSafeInteger(number) ? number : null;
}
