/** Elasticsearch's default `index.max_result_window`: from + size may not exceed it. */
export const MAX_RESULT_WINDOW = 10_000;

/**
 * The slice of results a page fetches, from page and per_page already checked against the
 * page-depth rule, and what its hits say about the next page: the window is chosen once per
 * request, builds its search and gives its has_more.
 */
export type PageWindow = {
  from: number;
  /** per_page, or per_page + 1 where the extra hit, dropped from the response, tells whether another page has results. */
  size: number;
  /** has_more is true when the search answers at least this many hits; null: never (the next page would be a 400). */
  moreAt: number | null;
};

/** Whether the page after `page` ends within the first 10,000 results. */
function nextPageFetchable(page: number, perPage: number): boolean {
  return (page + 1) * perPage <= MAX_RESULT_WINDOW;
}

/**
 * The window of GET /fixtures: one hit beyond the page, while the next page can be fetched.
 * has_more is true exactly when another page has results: the extra hit came back and that
 * page can be fetched (docs/api-behaviour.md, "Paging depth").
 */
export function lookAheadWindow(page: number, perPage: number): PageWindow {
  const from = (page - 1) * perPage;
  return nextPageFetchable(page, perPage) ? { from, size: perPage + 1, moreAt: perPage + 1 } : { from, size: perPage, moreAt: null };
}

/**
 * The window of GET /fixtures/search: exactly the page, no count and no extra hit. has_more is
 * true when the page is full, as that endpoint documents (on the last page that can be fetched too).
 */
export function fullPageWindow(page: number, perPage: number): PageWindow {
  return { from: (page - 1) * perPage, size: perPage, moreAt: perPage };
}

/** has_more of a page from the hits its window fetched. */
export function hasMore(window: PageWindow, hitCount: number): boolean {
  return window.moreAt !== null && hitCount >= window.moreAt;
}
