/**
 * A non-2xx answer of the API as an exception: the status, the API's own `{"error"}` text
 * (a 400 names the parameter and the rule, so the message alone tells what to fix) and, on a
 * 429 or 503, the seconds the API asked the caller to wait.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    message: string,
    /** Seconds from `Retry-After`, or null when the answer had none. */
    readonly retryAfter: number | null,
    readonly requestId: string | null,
  ) {
    super(message);
  }

  /** Reads the error out of a failed response (its body is consumed). */
  static async from(response: Response): Promise<ApiError> {
    const text = await response.text().catch(() => "");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's page): the text itself is the best message there is.
    }
    return ApiError.of(response, body);
  }

  /** The error of a response whose body was already read (`body`: its JSON, or its text). */
  static of(response: Response, body: unknown): ApiError {
    const text = typeof body === "string" && body !== "" ? body : null;
    const apiText = typeof body === "object" && body !== null && typeof (body as { error?: unknown }).error === "string" ? (body as { error: string }).error : null;
    const message = apiText ?? text ?? (response.statusText || `HTTP ${response.status}`);
    return new ApiError(response.status, message, retryAfterSeconds(response.headers), response.headers.get("x-request-id"));
  }
}

/** `Retry-After` in seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterSeconds(headers: Headers): number | null {
  const value = headers.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
