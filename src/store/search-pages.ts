import type { Client, estypes } from "@elastic/elasticsearch";

/** What one page of a full read holds; small enough for a response, large enough for few round trips. */
export const SEARCH_PAGE_SIZE = 1000;

/**
 * Every hit of a search, one page at a time, with search_after. The request's `sort` must
 * end on a unique key (an id), so no hit is skipped or repeated between pages. A page
 * shorter than the page size is the last; an empty search yields nothing. A caller reading
 * large documents passes a smaller `pageSize`.
 */
export async function* searchPages<T>(
  es: Client,
  request: Omit<estypes.SearchRequest, "size" | "search_after" | "from"> & { sort: estypes.Sort },
  pageSize = SEARCH_PAGE_SIZE,
): AsyncGenerator<Array<estypes.SearchHit<T>>> {
  let after: estypes.SortResults | undefined;
  for (;;) {
    const response = await es.search<T>({ ...request, size: pageSize, ...(after ? { search_after: after } : {}) });
    const hits = response.hits.hits;
    if (hits.length > 0) yield hits;
    if (hits.length < pageSize) return;
    after = hits.at(-1)!.sort;
  }
}

/** The `_source` of every hit of a search (see `searchPages`). */
export async function searchAllSources<T>(es: Client, request: Parameters<typeof searchPages>[1]): Promise<T[]> {
  const sources: T[] = [];
  for await (const hits of searchPages<T>(es, request)) {
    for (const hit of hits) if (hit._source) sources.push(hit._source);
  }
  return sources;
}
