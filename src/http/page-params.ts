import { lookAheadWindow, MAX_RESULT_WINDOW, type PageWindow } from "../search/page-window.js";
import { digitGroups } from "../domain/text/digit-groups.js";
import { BadRequestError } from "./errors.js";

/** The one text of the page-depth rule, for /fixtures and /fixtures/search alike. */
export const PAGE_DEPTH_MESSAGE =
  `page and per_page reach beyond the first ${digitGroups(MAX_RESULT_WINDOW)} results, which cannot be paged: ` +
  `page x per_page must be at most ${MAX_RESULT_WINDOW}; narrow the search instead`;

/** The page-depth rule: a page reaching beyond the first 10,000 results is a 400 (Elasticsearch cannot page there). */
export function checkPageDepth(page: number, perPage: number): void {
  if (page * perPage > MAX_RESULT_WINDOW) throw new BadRequestError(PAGE_DEPTH_MESSAGE);
}

/** The window of a GET /fixtures page, once page and per_page pass the page-depth rule. */
export function pageWindow(page: number, perPage: number): PageWindow {
  checkPageDepth(page, perPage);
  return lookAheadWindow(page, perPage);
}
