/** Elasticsearch's default `index.max_result_window`: from + size may not exceed it. */
export const MAX_RESULT_WINDOW = 10_000;

/** The slice of results a page fetches, from page and per_page already checked against the page-depth rule. */
export type PageWindow = {
  from: number;
  /** per_page, or per_page + 1 where the extra hit, dropped from the response, tells whether another page has results. */
  size: number;
  /**
   * Whether the next page is within the first 10,000 results. When it is not, the next page
   * is a 400, so no page "has results" after this one and has_more is false.
   */
  nextPageFetchable: boolean;
  /** has_more means "this page is full" (/fixtures/search documents it so), not "another page has results". */
  fullPageHasMore?: true;
};

/** Whether the page after `page` ends within the first 10,000 results. */
function nextPageFetchable(page: number, perPage: number): boolean {
  return (page + 1) * perPage <= MAX_RESULT_WINDOW;
}

/** The window of GET /fixtures: one hit beyond the page, while the next page can be fetched. */
export function lookAheadWindow(page: number, perPage: number): PageWindow {
  const fetchable = nextPageFetchable(page, perPage);
  return { from: (page - 1) * perPage, size: fetchable ? perPage + 1 : perPage, nextPageFetchable: fetchable };
}

/** The window of GET /fixtures/search: exactly the page, no count and no extra hit. */
export function fullPageWindow(page: number, perPage: number): PageWindow {
  return { from: (page - 1) * perPage, size: perPage, nextPageFetchable: nextPageFetchable(page, perPage), fullPageHasMore: true };
}

/**
 * has_more from the hits a page window fetched. On /fixtures it is true exactly when another
 * page has results: the extra hit came back and that page can be fetched (docs/api-behaviour.md,
 * "Paging depth"). On /fixtures/search it is true when the page is full, as documented there.
 */
export function hasMore(window: PageWindow, perPage: number, hitCount: number): boolean {
  if (window.fullPageHasMore) return hitCount === perPage;
  return window.nextPageFetchable && hitCount > perPage;
}
