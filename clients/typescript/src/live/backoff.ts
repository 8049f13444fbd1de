/**
 * Waits between reconnects: the server's `retry:` hint (2 s from this service) first, then
 * doubling up to a ceiling, with a little jitter so that many clients dropped by one restart
 * do not all come back in the same instant.
 */
export type BackoffOptions = { initialMs?: number; maxMs?: number };

export class Backoff {
  private failures = 0;
  private baseMs: number;
  private readonly maxMs: number;

  constructor(options: BackoffOptions = {}) {
    this.baseMs = options.initialMs ?? 1_000;
    this.maxMs = options.maxMs ?? 30_000;
  }

  /** The server's reconnection hint replaces the first delay. */
  hint(ms: number): void {
    this.baseMs = ms;
  }

  /** The next delay, growing with every failure since the last success. */
  next(): number {
    const delay = Math.min(this.maxMs, this.baseMs * 2 ** this.failures);
    this.failures += 1;
    return Math.round(delay * (0.8 + Math.random() * 0.4));
  }

  /** A stream that opened starts the sequence again. */
  reset(): void {
    this.failures = 0;
  }
}
