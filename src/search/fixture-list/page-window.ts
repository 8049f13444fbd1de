import { BadRequestError } from "../../http/errors.js";

/** Elasticsearch's default `index.max_result_window`: from + size may not exceed it. */
export const MAX_RESULT_WINDOW = 10_000;

/** The one text of the page-depth rule, for /fixtures and /fixtures/search alike. */
export const PAGE_DEPTH_MESSAGE =
  `page and per_page reach beyond the first 10,000 results, which cannot be paged: page x per_page must be at most ${MAX_RESULT_WINDOW}; narrow the search instead`;

export type PageWindow = {
  from: number;
  /** per_page + 1 where the extra hit, dropped from the response, tells whether another page has results. */
  size: number;
  /**
   * Whether the next page is within the first 10,000 results. When it is not, the next page
   * is a 400, so no page "has results" after this one and has_more is false.
   */
  nextPageFetchable: boolean;
};

/** The slice of results a page covers; pages reaching beyond the first 10,000 results are a 400. */
export function pageWindow(page: number, perPage: number): PageWindow {
  const from = (page - 1) * perPage;
  if (from + perPage > MAX_RESULT_WINDOW) {
    throw new BadRequestError(PAGE_DEPTH_MESSAGE);
  }
  const nextPageFetchable = from + 2 * perPage <= MAX_RESULT_WINDOW;
  return { from, size: nextPageFetchable ? perPage + 1 : perPage, nextPageFetchable };
}

/**
 * has_more from the hits a page window fetched: true exactly when another page has results
 * (docs/api-behaviour.md, "Paging depth").
 */
export function hasMore(window: PageWindow, perPage: number, hitCount: number): boolean {
  return window.nextPageFetchable && hitCount > perPage;
}
