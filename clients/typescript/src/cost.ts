/**
 * What every answer says about its price: `Request-Cost`, the units the request measured to cost
 * (1 unit is about 5 ms of the node's and the service's work; an ordinary request costs 1, an all-history
 * backtest tens to hundreds; a refusal, 429 or 503, costs 0), and the key's budget in the same
 * units (`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`).
 */
export type RateLimitState = {
  /** The bucket's size in units. */
  limit: number;
  /** Whole units left now. */
  remaining: number;
  /** Seconds until the bucket is full again. */
  reset: number;
};

export type ResponseInfo = {
  /** The endpoint's path, e.g. `/fixtures/backtest` (the base URL's own path and the query left out). */
  path: string;
  status: number;
  /** `Request-Cost` in units; null when the answer had none (a proxy's page, an older service). */
  cost: number | null;
  /** The key's budget after this request; null when the key is not limited. */
  rateLimit: RateLimitState | null;
};

/** Called for every answer, each try of a retried request and the opening of a live set's stream included. */
export type OnResponse = (info: ResponseInfo) => void;

function headerNumber(headers: Headers, name: string): number | null {
  const value = headers.get(name)?.trim();
  if (!value) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The cost and the budget an answer carries. */
export function responseInfo(response: Response, path: string): ResponseInfo {
  const limit = headerNumber(response.headers, "ratelimit-limit");
  const remaining = headerNumber(response.headers, "ratelimit-remaining");
  const reset = headerNumber(response.headers, "ratelimit-reset");
  return {
    path,
    status: response.status,
    cost: headerNumber(response.headers, "request-cost"),
    rateLimit: limit === null || remaining === null || reset === null ? null : { limit, remaining, reset },
  };
}

/** A fetch that tells `onResponse` what each answer cost, before the caller reads it. */
export function reportingFetch(fetchImpl: typeof fetch, baseUrl: string, onResponse: OnResponse): typeof fetch {
  // Relative to the page in a browser; any origin will do for reading a path.
  const origin = globalThis.location?.href ?? "http://localhost";
  const basePath = new URL(baseUrl, origin).pathname.replace(/\/+$/, "");
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const { pathname } = new URL(input instanceof Request ? input.url : String(input), origin);
    onResponse(responseInfo(response, pathname.startsWith(basePath) ? pathname.slice(basePath.length) : pathname));
    return response;
  };
}
