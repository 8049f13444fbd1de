import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import { errorResponses } from "./registry.js";

type HeaderObject = { description: string; schema: { type: "integer" | "string" } };

const integer = (description: string): HeaderObject => ({ description, schema: { type: "integer" } });
const text = (description: string): HeaderObject => ({ description, schema: { type: "string" } });

/** Sent on every response to a key that is rate limited (docs/operations.md, "Rate limits"). */
const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
  "RateLimit-Limit": integer("Requests the key may burst: its bucket size"),
  "RateLimit-Remaining": integer("Requests the key may still send right now"),
  "RateLimit-Reset": integer("Seconds until the key's bucket is full again"),
};
const CACHE_CONTROL = text("`private`; `max-age` by endpoint, `no-cache` for live data");
const ETAG = text("Weak validator of the body; send it back in If-None-Match to get 304 while unchanged");
const X_REQUEST_ID = text("The request's id (an incoming well-formed X-Request-Id is reused)");
const OVERLOADED =
  "The service is overloaded: every request slot is taken and the wait queue is full, or the request waited its longest " +
  "for a slot; the text says which, and Retry-After when to send the request again";

/** 503 from admission control (src/middleware/admission.ts), on every API operation. */
export function overloadedResponse(description = OVERLOADED): ResponseConfig {
  return {
    ...errorResponses(503)[503]!,
    description,
    headers: { "Retry-After": integer("Seconds after which to send the request again"), "X-Request-Id": X_REQUEST_ID },
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
      headers: { ...cacheHeaders, ...RATE_LIMIT_HEADERS, "X-Request-Id": X_REQUEST_ID },
      content: { "application/json": { schema: ok.schema } },
    },
  };
  if (options.etag) {
    responses[304] = {
      description: "Not modified: the If-None-Match validator still matches; no body",
      headers: { ...cacheHeaders, ...RATE_LIMIT_HEADERS, "X-Request-Id": X_REQUEST_ID },
    };
  }
  const errors = errorResponses(...options.errors, 429, 431);
  const tooMany = errors[429];
  if (tooMany) {
    tooMany.headers = {
      ...RATE_LIMIT_HEADERS,
      "Retry-After": integer("Seconds until the key may send one request again"),
      "X-Request-Id": X_REQUEST_ID,
    };
  }
  errors[503] = overloadedResponse();
  return { ...responses, ...errors };
}
