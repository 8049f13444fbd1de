import { HttpError } from "../http/errors.js";
import type { AppContext } from "../http/context.js";
import { clientErrorKind } from "../store/errors.js";

export const INTERNAL_ERROR_TEXT = "Internal server error";

/**
 * The one place where errors become responses. Exposed HttpErrors keep their status
 * and text; everything else (Elasticsearch unreachable or failing, bugs) is a 500
 * with a generic text, logged in full here and never leaked to the client.
 */
export function errorResponse(ctx: AppContext, error: unknown): void {
  // An error is about this request only: no cache may keep it (a 429 least of all).
  ctx.set("Cache-Control", "no-store");
  if (error instanceof HttpError) {
    ctx.status = error.status;
    ctx.set(error.headers);
    ctx.body = { error: error.message };
    return;
  }
  ctx.state.log.error({ err: error, kind: faultKind(error) }, "request failed");
  ctx.status = 500;
  ctx.body = { error: ctx.state.faultMessage ?? INTERNAL_ERROR_TEXT };
}

function faultKind(error: unknown): string {
  switch (clientErrorKind(error)) {
    case "connection":
    case "no-living-node":
      return "elasticsearch_unreachable";
    case "timeout":
      return "elasticsearch_timeout";
    case "conflict":
    case "response":
      return "elasticsearch_error";
    case null:
      return "internal";
  }
}
