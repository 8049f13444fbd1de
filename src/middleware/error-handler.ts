import type { Next } from "koa";
import { errors as esErrors } from "@elastic/elasticsearch";
import { HttpError } from "../http/errors.js";
import type { AppContext } from "../http/context.js";

export const INTERNAL_ERROR_TEXT = "Internal server error";

/**
 * The one place where errors become responses. Exposed HttpErrors keep their status
 * and text; everything else (Elasticsearch unreachable or failing, bugs) is a 500
 * with a generic text, logged in full here and never leaked to the client.
 */
export async function errorHandler(ctx: AppContext, next: Next): Promise<void> {
  try {
    await next();
  } catch (error) {
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
}

function faultKind(error: unknown): string {
  if (error instanceof esErrors.ConnectionError || error instanceof esErrors.NoLivingConnectionsError) {
    return "elasticsearch_unreachable";
  }
  if (error instanceof esErrors.TimeoutError) return "elasticsearch_timeout";
  if (error instanceof esErrors.ResponseError) return "elasticsearch_error";
  return "internal";
}
