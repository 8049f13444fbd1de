import { ApiError, createClient } from "@sports-fixtures/client";
import { describe, expect, it } from "vitest";
import { useClientHarness } from "../../../test/support/client-harness-hooks.js";

/**
 * Errors and retries against the real service: a 400 raises with the API's own text; a 429
 * (a key's rate limit) and a 503 (admission control with one slot and no queue) are sent
 * again after their Retry-After, and nothing else is retried.
 */
const harness = useClientHarness();

type Retry = { status: number; waitSeconds: number; attempt: number };

function strictClient(key: string, retries: Retry[]) {
  return createClient({ baseUrl: harness().strictUrl, apiKey: key, retry: { maxRetries: 6, onRetry: (retry) => retries.push(retry) } });
}

describe("errors", () => {
  it("raises an ApiError with the status and the API's message on a 400, without retrying", async () => {
    const retries: Retry[] = [];
    const client = strictClient(harness().key, retries);
    const error = await client.fixturesSearch({ where: { CORNERS: { min: 5, max: 2 } } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: "where[CORNERS] min must not be greater than max", retryAfter: null });
    expect(retries).toEqual([]);
  });

  it("raises a 403 for an unknown key", async () => {
    const error = await createClient({ baseUrl: harness().url, apiKey: "not-a-key" }).livescores().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 403, message: "Unauthorized" });
  });
});

describe("retries where the API says so", () => {
  it("sends a request again after the Retry-After of a 429 and gets the answer", async () => {
    const retries: Retry[] = [];
    const client = strictClient(harness().limitedKey, retries);
    const started = Date.now();
    // The key may send one request a second with bursts of two: the third finds the bucket empty.
    for (let i = 0; i < 3; i++) expect((await client.types()).types.length).toBeGreaterThan(0);
    expect(retries.length).toBeGreaterThan(0);
    expect(retries[0]).toMatchObject({ status: 429, attempt: 1 });
    expect(retries[0]!.waitSeconds).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(retries[0]!.waitSeconds * 1000);
  });

  it("sends requests again after the Retry-After of a 503 when the service has no room", async () => {
    const retries: Retry[] = [];
    const client = strictClient(harness().key, retries);
    // One slot, no queue: of requests sent at once, all but one are refused with 503 + Retry-After: 1.
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.fixturesSearch({ window: "168", include: ["odds", "statistics", "metrics"] })));
    for (const answer of answers) expect(answer.fixtures.length).toBeGreaterThan(0);
    expect(retries.some((retry) => retry.status === 503 && retry.waitSeconds === 1)).toBe(true);
  });

  it("opens a live result set after the Retry-After of a 429", async () => {
    const retries: Retry[] = [];
    const client = strictClient(harness().limitedKey, retries);
    await client.types();
    await client.types(); // the bucket is empty now: opening the stream is refused with a 429 first
    const set = client.live.livescores();
    const states: Array<{ state: string; status?: number; retryInMs: number | null }> = [];
    set.on("state", ({ state, error, retryInMs }) => states.push({ state, status: (error as { status?: number } | null)?.status, retryInMs }));
    await set.ready();
    expect(states.map(({ state }) => state)).toEqual(["retrying", "open"]);
    expect(states[0]!.status).toBe(429);
    expect(states[0]!.retryInMs).toBeGreaterThanOrEqual(1000);
    expect(set.fixtures.size).toBeGreaterThan(0);
    set.close();
  });
});
