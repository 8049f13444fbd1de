import { pino, type Logger } from "pino";

export type { Logger };

/** Paths pino blanks out wherever they appear, so a credential never reaches a log line. */
const REDACTED_PATHS = [
  "req.headers.authorization",
  "req.headers['x-api-key']",
  "headers.authorization",
  "headers['x-api-key']",
  "api_token",
  "key",
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: "[REDACTED]" }, base: undefined });
}

/** The query-string credential must not survive into logged URLs either. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]api_token=)[^&#]*/gi, "$1[REDACTED]");
}
