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

/**
 * Lines go to stdout asynchronously and in batches: a synchronous write per request line cost
 * about a third of a millisecond of the event loop on every request, and an asynchronous one
 * still hands every line to a libuv thread. Lines collect until 1 KiB is waiting (two or three
 * request lines) or a second has passed, so a quiet service still shows each line within a
 * second. Not more: lines held longer outlive the young generation (1 MB semi-space in
 * production) and are promoted, so a larger batch raises the service's RSS under load by a few
 * MiB and saves no more CPU (docs/benchmarks.md, bench:capacity). pino writes what is left
 * synchronously when the process exits, a crash included; only a SIGKILL loses the last
 * second's lines.
 */
const LOG_BATCH_BYTES = 1024;
const LOG_FLUSH_MS = 1000;

export function createLogger(level: string): Logger {
  return pino(
    { level, redact: { paths: REDACTED_PATHS, censor: "[REDACTED]" }, base: undefined },
    pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }),
  );
}

/** The query-string credential must not survive into logged URLs either. */
export function redactUrl(url: string): string {
  const start = url.indexOf("?");
  if (start === -1) return url;
  const parts = url
    .slice(start + 1)
    .split("&")
    .map((part) => {
      const separator = part.indexOf("=");
      const rawName = separator === -1 ? part : part.slice(0, separator);
      // Koa decodes names, so "api%5Ftoken" authenticates too: compare the decoded name.
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // A malformed escape stays as written.
      }
      return name.toLowerCase() === "api_token" ? `${rawName}=[REDACTED]` : part;
    });
  return `${url.slice(0, start + 1)}${parts.join("&")}`;
}
