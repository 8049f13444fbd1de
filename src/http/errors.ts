/**
 * Errors that carry their HTTP status. Only these reach the client with their own
 * message (`expose`); anything else becomes the generic 500 text.
 */
export class HttpError extends Error {
  readonly expose = true;
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: a parameter breaks a rule; the message names the parameter and the rule. */
export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

/** 403 for a missing, malformed, unknown or revoked key: one text, so nothing is revealed. */
export class UnauthorizedError extends HttpError {
  constructor() {
    super(403, "Unauthorized");
  }
}

/** 403 for a valid key that lacks the endpoint's role. */
export class ForbiddenError extends HttpError {
  constructor(role: string) {
    super(403, `Forbidden: this endpoint needs the role '${role}'`);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = "Not found") {
    super(404, message);
  }
}

export class MethodNotAllowedError extends HttpError {
  constructor(allow: readonly string[]) {
    super(405, "Method not allowed", { Allow: allow.join(", ") });
  }
}

/** Sent on every refusal of the limits: a refused request costs nothing (docs/operations.md, "Fair share"). */
export const NOTHING_CHARGED = { "Request-Cost": "0" } as const;

/**
 * 429: the key's budget holds too few units for this request (Retry-After: when it will), or the
 * key has its cap of expensive requests in the lane already (`reason`).
 */
export class TooManyRequestsError extends HttpError {
  constructor(retryAfterSeconds: number, reason?: string) {
    super(429, reason ? `Too many requests: ${reason}; retry after ${retryAfterSeconds} s` : "Too many requests", {
      "Retry-After": String(retryAfterSeconds),
      ...NOTHING_CHARGED,
    });
  }
}
