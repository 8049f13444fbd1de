import type { Client, estypes } from "@elastic/elasticsearch";

/** The answer to each search of one _msearch, in the order of the searches (a failed one included). */
export async function multiSearch<T>(es: Client, request: estypes.MsearchRequest): Promise<Array<estypes.MsearchResponseItem<T>>> {
  const response = await es.msearch<T>(request);
  return response.responses;
}

/**
 * The hits of each search of one _msearch, in order. A failed search fails the whole read with
 * the error `failure` makes of it: a silently empty list would pass for a search without hits.
 */
export async function multiSearchHits<T>(
  es: Client,
  request: estypes.MsearchRequest,
  failure: (error: estypes.ErrorCause, position: number) => Error,
): Promise<Array<Array<estypes.SearchHit<T>>>> {
  const items = await multiSearch<T>(es, request);
  return items.map((item, position) => {
    if ("error" in item) throw failure(item.error, position);
    return item.hits.hits;
  });
}

/**
 * One search of an _msearch: the index (and shard policy) in the header, the rest in the body.
 * `preference` sends every read of one reader to the same shard copies: copies refresh on
 * their own schedules, and reads bouncing between them could see a fixture go back in time.
 */
export function msearchItem(request: estypes.SearchRequest, preference?: string): estypes.MsearchRequestItem[] {
  const { index, allow_partial_search_results, preference: own, ...body } = request;
  const chosen = preference ?? own;
  const header = {
    index: index as string,
    ...(chosen === undefined ? {} : { preference: chosen }),
    ...(allow_partial_search_results === undefined ? {} : { allow_partial_search_results }),
  };
  return [header, body as estypes.SearchSearchRequestBody];
}
