import { ApiError, createClient, type ResponseInfo } from "@sports-fixtures/client";
import { describe, expect, it } from "vitest";
import { useClientHarness } from "../../../test/support/client-harness-hooks.js";

/**
 * Errors, retries and costs against the real service: a 400 raises with the API's own text; a
 * 429 (a key's budget spent) and a 503 (admission control with one slot and no queue) are sent
 * again after their Retry-After, and nothing else is retried; every try's cost and the key's
 * budget reach `onResponse`.
 */
const harness = useClientHarness();

type Retry = { status: number; waitSeconds: number; attempt: number };

function strictClient(key: string, retries: Retry[], seen: ResponseInfo[] = []) {
  return createClient({
    baseUrl: harness().strictUrl,
    apiKey: key,
    retry: { maxRetries: 6, onRetry: (retry) => retries.push(retry) },
    onResponse: (info) => seen.push(info),
  });
}

/** An answer the service worked on: a whole number of units, at least one. */
function expectCharged(info: ResponseInfo | undefined) {
  expect(Number.isInteger(info?.cost) && info!.cost! >= 1, `a cost of one unit or more: ${JSON.stringify(info)}`).toBe(true);
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

describe("what a request cost", () => {
  it("tells onResponse each answer's cost, and the key's budget where the key is limited", async () => {
    const seen: ResponseInfo[] = [];
    const client = strictClient(harness().key, [], seen);
    await client.types();
    await client.fixturesBacktest({ market_id: 1, label_id: 1 });
    expect(seen.map(({ path, status }) => `${status} ${path}`)).toEqual(["200 /types", "200 /fixtures/backtest"]);
    for (const info of seen) {
      expectCharged(info);
      const { limit, remaining, reset } = info.rateLimit!;
      expect(Number.isInteger(remaining) && remaining >= 0 && remaining <= limit && reset >= 0, JSON.stringify(info.rateLimit)).toBe(true);
    }
  });

  it("reports no budget for a key without one", async () => {
    const seen: ResponseInfo[] = [];
    await createClient({ baseUrl: harness().url, apiKey: harness().key, onResponse: (info) => seen.push(info) }).livescores();
    expect(seen).toHaveLength(1);
    expectCharged(seen[0]);
    expect(seen[0]!.rateLimit).toBeNull();
  });
});

describe("retries where the API says so", () => {
  it("sends a request again after the Retry-After of a 429, the refusal costing nothing, and gets the answer", async () => {
    const retries: Retry[] = [];
    const seen: ResponseInfo[] = [];
    const client = strictClient(harness().limitedKey, retries, seen);
    const started = Date.now();
    // The key has a budget of one unit a second, two in the bucket: the third request finds it empty.
    for (let i = 0; i < 3; i++) expect((await client.types()).types.length).toBeGreaterThan(0);
    expect(retries.length).toBeGreaterThan(0);
    expect(retries[0]).toMatchObject({ status: 429, attempt: 1 });
    expect(retries[0]!.waitSeconds).toBeGreaterThanOrEqual(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(retries[0]!.waitSeconds * 1000);
    // Every try is reported: each refusal (free, the bucket empty) before the try that follows it.
    expect(seen.map(({ status }) => status)).toEqual([200, 200, ...retries.map(() => 429), 200]);
    for (const refusal of seen.filter(({ status }) => status === 429)) expect(refusal).toMatchObject({ path: "/types", cost: 0, rateLimit: { limit: 2 } });
    for (const answer of seen.filter(({ status }) => status === 200)) expectCharged(answer);
  });

  it("sends requests again after the Retry-After of a 503 when the service has no room", async () => {
    const retries: Retry[] = [];
    const seen: ResponseInfo[] = [];
    const client = strictClient(harness().key, retries, seen);
    // One slot, no queue: of requests sent at once, all but one are refused with 503 + Retry-After: 1.
    const answers = await Promise.all(Array.from({ length: 4 }, () => client.fixturesSearch({ window: "168", include: ["odds", "statistics", "metrics"] })));
    for (const answer of answers) expect(answer.fixtures.length).toBeGreaterThan(0);
    expect(retries.some((retry) => retry.status === 503 && retry.waitSeconds === 1)).toBe(true);
    expect(seen.filter(({ status }) => status === 503).map(({ cost }) => cost)).toEqual(retries.filter(({ status }) => status === 503).map(() => 0));
    for (const answer of seen.filter(({ status }) => status === 200)) expectCharged(answer);
  });

  it("opens a live result set after the Retry-After of a 429", async () => {
    const retries: Retry[] = [];
    const seen: ResponseInfo[] = [];
    const client = strictClient(harness().limitedKey, retries, seen);
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
    // The stream's opening is reported as any answer: the refusal free, then the stream.
    expect(seen.slice(2).map(({ path, status }) => `${status} ${path}`)).toEqual(["429 /livescores/stream", "200 /livescores/stream"]);
    expect(seen[2]!.cost).toBe(0);
    expectCharged(seen[3]);
    set.close();
  });
});
