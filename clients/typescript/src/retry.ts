import { retryAfterSeconds } from "./errors.js";

/**
 * Retries only where the API says to: a 429 (rate limit) or 503 (overload, shutting down) that
 * carries `Retry-After` is sent again after that many seconds. Everything else, 5xx without the
 * header included, goes back to the caller at once: retrying what the API did not ask for
 * would only add load where it is already short.
 */
export type RetryOptions = {
  /** Tries after the first; default 3. 0 turns retrying off. */
  maxRetries?: number;
  /** The longest wait the client accepts, in seconds (a longer Retry-After is not waited for); default 60. */
  maxWaitSeconds?: number;
  /** Called before each wait: the status, the seconds, the try about to be made (1 = first retry). */
  onRetry?: (info: { status: number; waitSeconds: number; attempt: number; url: string }) => void;
};

export function isRetryable(status: number): boolean {
  return status === 429 || status === 503;
}

export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", abort, { once: true });
  });
}

/** A fetch that retries as described above; requests are GETs without a body, so any one may be sent again. */
export function retryingFetch(fetchImpl: typeof fetch, options: RetryOptions = {}): typeof fetch {
  const maxRetries = options.maxRetries ?? 3;
  const maxWait = options.maxWaitSeconds ?? 60;
  return async (input, init) => {
    for (let attempt = 1; ; attempt++) {
      // A Request's body and signal are single-use: clone it for every try.
      const response = await fetchImpl(input instanceof Request ? input.clone() : input, init);
      if (!isRetryable(response.status) || attempt > maxRetries) return response;
      const wait = retryAfterSeconds(response.headers);
      if (wait === null || wait > maxWait) return response;
      await response.body?.cancel();
      const url = input instanceof Request ? input.url : String(input);
      options.onRetry?.({ status: response.status, waitSeconds: wait, attempt, url });
      await sleep(wait * 1000, init?.signal ?? (input instanceof Request ? input.signal : null));
    }
  };
}
