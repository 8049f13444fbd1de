import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import { errorResponses } from "./registry.js";

type HeaderObject = { description: string; schema: { type: "integer" | "string" } };

const integer = (description: string): HeaderObject => ({ description, schema: { type: "integer" } });
const text = (description: string): HeaderObject => ({ description, schema: { type: "string" } });

/** Sent on every response to a key with a budget (docs/operations.md, "Fair share"). */
const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
  "RateLimit-Limit": integer("Cost units the key may spend at once: its bucket's size (its budget a second times RATE_LIMIT_BURST / RATE_LIMIT_PER_SECOND)"),
  "RateLimit-Remaining": integer("Whole cost units the key may still spend right now (0 while it pays off a request that cost more than it held)"),
  "RateLimit-Reset": integer("Seconds until the key's bucket is full again"),
};
/** Sent on every API response (docs/operations.md, "Fair share"). */
export const REQUEST_COST = integer(
  "Cost units this request was charged: its measured work on the Elasticsearch node and in the service, one unit about " +
    "COST_UNIT_MS (5 ms) of it, so an ordinary request costs 1 and an all-history backtest tens to hundreds; 0 when a limit refused it",
);
const CACHE_CONTROL = text("`private`; `max-age` by endpoint, `no-cache` for live data");
const ETAG = text("Weak validator of the body; send it back in If-None-Match to get 304 while unchanged");
const X_REQUEST_ID = text("The request's id (an incoming well-formed X-Request-Id is reused)");
const OVERLOADED =
  "The service is overloaded: every request slot is taken and the wait queue is full, or the request waited its longest " +
  "for a slot; for an expensive request (a backtest, a /fixtures page with last_fixtures or trends, /search over fixtures) " +
  "also: their lane's queue is full, a key holding more of its places took this one's, or the request ran past its time " +
  "limit (EXPENSIVE_TIMEOUT_MS) and was stopped, never answered in part. The text says which, and Retry-After when to send " +
  "the request again";
const TOO_MANY =
  "Too many requests: the key's budget of cost units holds too few for this request (`{\"error\":\"Too many requests\"}`; " +
  "a request that cost more than the bucket held leaves a debt that is paid first), or, for an expensive request, the key " +
  "has its cap of them (EXPENSIVE_PER_KEY) running or waiting (the text says so). Retry after Retry-After seconds";

/** 503 from admission control (src/middleware/admission.ts), on every API operation. */
export function overloadedResponse(description = OVERLOADED): ResponseConfig {
  return {
    ...errorResponses(503)[503]!,
    description,
    headers: { "Retry-After": integer("Seconds after which to send the request again"), "Request-Cost": REQUEST_COST, "X-Request-Id": X_REQUEST_ID },
  };
}

/**
 * The responses of an API endpoint: 200 with its headers, 304 where responses carry an
 * ETag, the given error statuses, 429 for an exhausted rate limit, 431 for a request line
 * and headers over 16 KB (answered by the HTTP server before any route), 503 when the
 * service is overloaded (admission control), and 500.
 */
export function apiResponses(
  ok: { description: string; schema: z.ZodType },
  options: { errors: number[]; etag?: boolean },
): Record<number, ResponseConfig> {
  const cacheHeaders = { "Cache-Control": CACHE_CONTROL, ...(options.etag ? { ETag: ETAG } : {}) };
  const responses: Record<number, ResponseConfig> = {
    200: {
      description: ok.description,
      headers: { ...cacheHeaders, ...RATE_LIMIT_HEADERS, "Request-Cost": REQUEST_COST, "X-Request-Id": X_REQUEST_ID },
      content: { "application/json": { schema: ok.schema } },
    },
  };
  if (options.etag) {
    responses[304] = {
      description: "Not modified: the If-None-Match validator still matches; no body",
      headers: { ...cacheHeaders, ...RATE_LIMIT_HEADERS, "Request-Cost": REQUEST_COST, "X-Request-Id": X_REQUEST_ID },
    };
  }
  const errors = errorResponses(...options.errors, 429, 431);
  for (const [status, response] of Object.entries(errors)) {
    // 431 is answered by the HTTP server before any API code: no cost, no limits.
    if (status !== "431") response.headers = { ...RATE_LIMIT_HEADERS, "Request-Cost": REQUEST_COST, "X-Request-Id": X_REQUEST_ID };
  }
  const tooMany = errors[429];
  if (tooMany) {
    tooMany.description = TOO_MANY;
    tooMany.headers = {
      ...RATE_LIMIT_HEADERS,
      "Retry-After": integer("Seconds until the key's budget holds what this request needs, or 1 when the key had its cap of expensive requests"),
      "Request-Cost": REQUEST_COST,
      "X-Request-Id": X_REQUEST_ID,
    };
  }
  errors[503] = overloadedResponse();
  return { ...responses, ...errors };
}
