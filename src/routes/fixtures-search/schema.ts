import { LIVE_INCLUDES } from "../../domain/fixture/includes.js";
import { FIXTURE_STATUSES } from "../../domain/types/statuses.js";
import { enumListParam, integerParam, languageShape } from "../../http/params.js";
import { bracketedParam } from "../../http/bracketed-param.js";
import { z } from "../../openapi/zod.js";
import { SearchFixtureSchema } from "../../presenters/fixture-schema.js";
import { MAX_WHERE_CONDITIONS, MAX_WHERE_DIGITS, parseFilters, parseOrder, parseWhere, type FilterKind } from "../../http/bracket-params.js";
import { idListParam } from "../../http/id-params.js";
import { checkPageDepth } from "../../http/page-params.js";
import { parseQuery, resolveLanguage, type QueryRequest } from "../../http/query.js";
import type { Filters } from "../../presenters/fixture-filters.js";
import type { FixturesSearchInput } from "../../search/fixtures-search/search-request.js";
import { DEFAULT_PER_PAGE } from "../fixtures/schema.js";
import { DEFAULT_WINDOW, SEARCH_WINDOWS, type SearchWindow } from "../../search/fixtures-search/window-filter.js";
import { fullPageWindow } from "../../search/page-window.js";

/** per_page on /fixtures/search is at most this (/fixtures allows more). */
const MAX_SEARCH_PER_PAGE = 50;

const WINDOW_MESSAGE = `Invalid window. Valid values: ${SEARCH_WINDOWS.join(", ")}`;

const windowParam = z
  .string()
  .refine((value) => (SEARCH_WINDOWS as readonly string[]).includes(value), WINDOW_MESSAGE)
  .transform((value): SearchWindow => (value === "live" ? "live" : (Number(value) as SearchWindow)))
  .openapi({ type: "string", enum: [...SEARCH_WINDOWS], default: String(DEFAULT_WINDOW) });

/** Same rule and text as the status of /fixtures. */
const statusParam = enumListParam("status", FIXTURE_STATUSES, "status value").openapi({
  type: "string",
  description: `Comma-separated fixture statuses; replaces the window's default statuses. From: ${FIXTURE_STATUSES.join(", ")}`,
});

const searchShape = {
  window: windowParam.optional().openapi({
    description: `live: in-play fixtures only; N: in play now or kicking off within N hours. Default ${DEFAULT_WINDOW}`,
  }),
  league_id: idListParam("league_id").optional(),
  status: statusParam.optional(),
  include: enumListParam("include", LIVE_INCLUDES).optional(),
  page: integerParam("page", { min: 1 }).optional().openapi({ description: "Default 1" }),
  per_page: integerParam("per_page", { min: 1, max: MAX_SEARCH_PER_PAGE }).optional().openapi({ description: `Default ${DEFAULT_PER_PAGE}` }),
  ...languageShape,
};

/** The plain parameters of GET /fixtures/search; the bracketed ones go through src/http/bracket-params.ts. */
export const FixturesSearchSchema = z.object(searchShape);
export type FixturesSearchReq = z.output<typeof FixturesSearchSchema>;

const OFFERED_FILTERS: readonly FilterKind[] = ["metrics", "statistics", "odds"];

/** Validated GET /fixtures/search input: the builder's, and what the presenter needs besides. */
export type FixturesSearchRequestInput = FixturesSearchInput & { language: string; filters: Filters; page: number; perPage: number };

/**
 * The one validation step of GET /fixtures/search, its rules checked in this order (the first
 * one broken is the 400): the plain parameters, the page depth, language, where, order, filter[...].
 */
export function fixturesSearchInput(request: QueryRequest): FixturesSearchRequestInput {
  const query = parseQuery(request, FixturesSearchSchema);
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  checkPageDepth(page, perPage);
  return { ...searchConditions(request, query), page, perPage, pageWindow: fullPageWindow(page, perPage) };
}

/** GET /fixtures/search/stream: the parameters of /fixtures/search except page and per_page. */
export const FixturesSearchStreamSchema = FixturesSearchSchema.omit({ page: true, per_page: true });

/** Validated GET /fixtures/search/stream input: the search's conditions, its whole result set. */
export type FixturesSearchStreamInput = Omit<FixturesSearchRequestInput, "page" | "perPage" | "pageWindow">;

/** The validation step of the stream: the same rules, in the same order, without the page ones. */
export function fixturesSearchStreamInput(request: QueryRequest): FixturesSearchStreamInput {
  return searchConditions(request, parseQuery(request, FixturesSearchStreamSchema));
}

function searchConditions(request: QueryRequest, query: z.output<typeof FixturesSearchStreamSchema>): FixturesSearchStreamInput {
  const language = resolveLanguage(query);
  const includes = new Set(query.include ?? []);
  return {
    language,
    window: query.window ?? DEFAULT_WINDOW,
    statuses: query.status,
    leagueIds: query.league_id,
    where: parseWhere(request.query),
    order: parseOrder(request.query),
    filters: parseFilters(request.query, OFFERED_FILTERS, includes),
    includes,
  };
}

/**
 * The documented form of every parameter, bracketed ones included (deepObject
 * style). Only the OpenAPI document uses it; validation is the schema above plus
 * the bracket parser, whose messages this text repeats.
 */
export const FixturesSearchDocSchema = z.object({
  ...searchShape,
  where: bracketedParam(
    `where[DEVELOPER_NAME]=min:max[:HOME|AWAY|LEAGUE]: integers of at most ${MAX_WHERE_DIGITS} digits, both inclusive; location default ` +
      "LEAGUE (team_id 0). DEVELOPER_NAME is a developer_name from /types, read among statistics and metrics (a name " +
      "only trends or standings carry matches nothing). The value is the in-play statistic when the fixture has one, " +
      "else the pre-match metric. Windowed in-play values such as CORNERS_LAST_10 (what the statistic gained in the last " +
      "5, 10 or 15 minutes; GOALS, CORNERS, SHOTS_ON_TARGET, SHOTS_TOTAL, DANGEROUS_ATTACKS, ATTACKS, EXPECTED_GOALS) are " +
      `statistics like any other. Conditions are ANDed, at most ${MAX_WHERE_CONDITIONS}; repeating a name adds conditions.`,
    { CORNERS: "8:12", HOME_GOALS_SCORED: "1500:3000:LEAGUE" },
  ),
  order: bracketedParam(
    "order[DEVELOPER_NAME]=ASC|DESC[:HOME|AWAY|LEAGUE] (any case): sorts on the same value as where; only the first " +
      "order parameter counts. Fixtures without the value sort last; ties by date_time, then id. Default: date_time ascending.",
    { PREDICTION_GL_CONFIDENCE: "DESC" },
  ),
  filter: bracketedParam(
    "filter[metrics]=types:ID,...;developer_types:GROUP,... (needs include=metrics), filter[statistics]=types:ID,... " +
      "(needs include=statistics), filter[odds]=bookmakers:ID,...;markets:ID,...;is_live:0|1;suspend:0|1 " +
      "(needs include=odds). `;` ANDs keys, `,` ORs values. Filters narrow the included arrays; they never remove fixtures.",
    { odds: "bookmakers:1,2;is_live:0" },
  ),
});

export const FixturesSearchResponseSchema = z
  .object({
    fixtures: z.array(SearchFixtureSchema),
    pagination: z.object({
      page: z.number().int(),
      per_page: z.number().int(),
      has_more: z.boolean().openapi({ description: "true when this page is full (the count of results equals per_page)" }),
    }),
  })
  .openapi("FixturesSearchResponse");
