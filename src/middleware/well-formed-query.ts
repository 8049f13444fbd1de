import { BadRequestError } from "../http/errors.js";
import type { AppContext } from "../http/context.js";
import { malformedQueryMessage } from "../http/query-hygiene.js";

/** Every API request: parameters must be clean UTF-8 text before any route reads them. */
export function requireWellFormedQuery(ctx: AppContext): void {
  const message = malformedQueryMessage(ctx.querystring);
  if (message !== null) throw new BadRequestError(message);
}
