import createFetchClient from "openapi-fetch";
import { reportingFetch, type OnResponse } from "./cost.js";
import { ApiError } from "./errors.js";
import type { components, paths } from "./generated/openapi.js";
import { LiveResultSet } from "./live/result-set.js";
import type { BackoffOptions } from "./live/backoff.js";
import { serializeQuery, type Order, type Where } from "./query.js";
import { retryingFetch, type RetryOptions } from "./retry.js";

export type Schemas = components["schemas"];
type Query<P extends keyof paths> = NonNullable<paths[P]["get"]["parameters"]["query"]>;
/** A comma-separated parameter, given as a list or as the text itself. */
type List = string | readonly (string | number)[];
type Lists<T, K extends keyof T> = Omit<T, K> & { [P in K]?: List };

export type FixturesParams = Lists<Query<"/fixtures">, "league_id" | "fixture_id" | "status" | "include">;
export type FixturesSearchParams = Lists<Omit<Query<"/fixtures/search">, "where" | "order">, "league_id" | "status" | "include"> & {
  where?: Where;
  order?: Order;
};
/** A rule and the bet to back: market_id and label_id are required, line too for Over/Under (market 2). */
export type BacktestParams = Lists<Omit<Query<"/fixtures/backtest">, "where" | "market_id" | "label_id">, "league_id"> & {
  market_id: number | string;
  label_id: number | string;
  where?: Where;
};
/** An in-play rule: where (trends, NAME_LAST_N, pre-match metrics), league_id, the days and the minutes tried. */
export type InPlayBacktestParams = Lists<Omit<Query<"/fixtures/backtest/in-play">, "where">, "league_id"> & { where?: Where };
/** What to list of two teams' meetings (limit, include, filter[...], language); the two teams are the method's own argument. */
export type HeadToHeadParams = Lists<Omit<Query<"/fixtures/head-to-head">, "team_ids">, "include">;
export type LivescoresParams = Lists<Query<"/livescores">, "league_id" | "include">;
export type SearchOptions = Lists<Omit<Query<"/search">, "q">, "types">;
export type StreamSearchParams = Omit<FixturesSearchParams, "page" | "per_page">;

export type ClientOptions = {
  /** The service, e.g. http://127.0.0.1:3000 (SPORTS_FIXTURES_URL in the README's examples). */
  baseUrl: string;
  apiKey: string;
  /** Another fetch (a test's, a proxy's); default the global one. */
  fetch?: typeof fetch;
  /** Retries of 429 and 503 answers that carry Retry-After. */
  retry?: RetryOptions;
  /** Reconnection delays of live result sets. */
  backoff?: BackoffOptions;
  /** Told what every answer cost (`Request-Cost`) and what is left of the key's budget (`RateLimit-*`), each try included. */
  onResponse?: OnResponse;
};

type Result<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

/** The data of a successful answer, or the API's error as an ApiError. */
async function unwrap<T>(result: Result<T>): Promise<T> {
  const { data, error, response } = await result;
  if (response.ok && data !== undefined) return data;
  throw ApiError.of(response, error);
}

/**
 * The typed client. Requests go through openapi-fetch with the generated types, the bracket
 * syntax comes from typed `where`/`order`, and errors are thrown as ApiError.
 */
export function createClient(options: ClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const givenFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  // Under the retries, so that every try is reported; the live sets' connections too.
  const plainFetch = options.onResponse ? reportingFetch(givenFetch, baseUrl, options.onResponse) : givenFetch;
  const headers = { "X-API-Key": options.apiKey };
  const api = createFetchClient<paths>({ baseUrl, headers, fetch: retryingFetch(plainFetch, options.retry), querySerializer: serializeQuery });
  // The generated query types read where/order as plain records; serializeQuery reads the typed forms.
  const query = (params: object) => params as never;

  const live = <F extends Schemas["SearchFixture"] | Schemas["LivescoreFixture"]>(path: string, params: object, order: Order | null) => {
    const search = serializeQuery(params as Record<string, unknown>);
    return new LiveResultSet<F>(`${baseUrl}${path}${search ? `?${search}` : ""}`, {
      headers,
      fetch: plainFetch,
      order,
      ...(options.backoff ? { backoff: options.backoff } : {}),
    });
  };

  return {
    fixtures: {
      list: (params: FixturesParams = {}) => unwrap(api.GET("/fixtures", { params: { query: query(params) } })),
      byDate: (date: string, params: Omit<FixturesParams, "date"> = {}) => unwrap(api.GET("/fixtures", { params: { query: query({ ...params, date }) } })),
      byIds: (ids: readonly number[], params: Omit<FixturesParams, "fixture_id"> = {}) =>
        unwrap(api.GET("/fixtures", { params: { query: query({ ...params, fixture_id: ids }) } })),
      between: (startDate: string, endDate: string, params: Omit<FixturesParams, "start_date" | "end_date"> = {}) =>
        unwrap(api.GET("/fixtures", { params: { query: query({ ...params, start_date: startDate, end_date: endDate }) } })),
    },
    fixturesSearch: (params: FixturesSearchParams = {}) => unwrap(api.GET("/fixtures/search", { params: { query: query(params) } })),
    /** How a rule did in the past: `Schemas["FixturesBacktestResponse"]` (summary, by_league, by_month). */
    fixturesBacktest: (params: BacktestParams) => unwrap(api.GET("/fixtures/backtest", { params: { query: query(params) } })),
    /** When an in-play rule fired in past matches and what followed: `Schemas["InPlayBacktestResponse"]` (in_play, outcomes, by_minute, by_league). */
    fixturesBacktestInPlay: (params: InPlayBacktestParams = {}) => unwrap(api.GET("/fixtures/backtest/in-play", { params: { query: query(params) } })),
    /** Two teams' last meetings, newest first, and the summary of all of them: `Schemas["FixturesHeadToHeadResponse"]`. */
    fixturesHeadToHead: (teamIds: readonly [number, number], params: HeadToHeadParams = {}) =>
      unwrap(api.GET("/fixtures/head-to-head", { params: { query: query({ ...params, team_ids: teamIds }) } })),
    livescores: (params: LivescoresParams = {}) => unwrap(api.GET("/livescores", { params: { query: query(params) } })),
    /** `signal`: a search box aborts the request a newer keystroke supersedes. */
    search: (q: string, params: SearchOptions, init: { signal?: AbortSignal } = {}) =>
      unwrap(api.GET("/search", { params: { query: query({ q, ...params }) }, ...init })),
    standings: (seasonId: number, params: Omit<Query<"/standings">, "season_id"> = {}) =>
      unwrap(api.GET("/standings", { params: { query: { ...params, season_id: seasonId } } })),
    types: (params: Lists<Query<"/types">, "developer_type"> = {}) => unwrap(api.GET("/types", { params: { query: query(params) } })),
    betBuilders: {
      list: (params: Query<"/bet-builders"> = {}) => unwrap(api.GET("/bet-builders", { params: { query: params } })),
      get: (id: number, params: NonNullable<paths["/bet-builders/{id}"]["get"]["parameters"]["query"]> = {}) =>
        unwrap(api.GET("/bet-builders/{id}", { params: { path: { id }, query: params } })),
    },
    health: () => unwrap(api.GET("/health")),
    ready: () => unwrap(api.GET("/ready")),
    /** Result sets kept true by the event streams. */
    live: {
      fixturesSearch: (params: StreamSearchParams = {}) => live<Schemas["SearchFixture"]>("/fixtures/search/stream", params, params.order ?? null),
      livescores: (params: LivescoresParams = {}) => live<Schemas["LivescoreFixture"]>("/livescores/stream", params, null),
    },
  };
}

export type SportsFixturesClient = ReturnType<typeof createClient>;
