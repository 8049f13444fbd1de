import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * Oversized and malformed input on every API endpoint: always a 4xx with a JSON
 * `{ error }` that names the parameter, never a 500. Durations are printed, not asserted.
 */
let env: TestEnv;
let key: string;
beforeAll(async () => {
  env = await startTestEnv();
  key = await env.createKey({ roles: ["standings"] });
});
afterAll(async () => {
  await env?.close();
});

async function expectClientError(path: string, mentions: string | RegExp, status = 400): Promise<void> {
  const started = performance.now();
  const response = await env.get(path, { key });
  const ms = performance.now() - started;
  const body = (await response.json()) as { error?: unknown };
  console.log(`${response.status} ${ms.toFixed(1)} ms  ${path.slice(0, 80)}`);
  expect(response.status, path).toBe(status);
  expect(Object.keys(body), path).toEqual(["error"]);
  if (typeof mentions === "string") expect(body.error, path).toContain(mentions);
  else expect(body.error, path).toMatch(mentions);
  expect(response.headers.get("X-Request-Id"), path).toBeTruthy();
}

/** Every kind of parameter, per endpoint: ids, dates, text, language, words, bracketed values. */
const PARAMETERS: Record<string, string[]> = {
  "/fixtures": ["fixture_id", "league_id", "date", "start_date", "language", "include", "order", "filter[metrics]"],
  "/fixtures/search": ["league_id", "window", "status", "where[CORNERS]", "order[CORNERS]", "lang"],
  "/search": ["q", "types", "limit", "language"],
  "/livescores": ["league_id", "include", "filter[odds]", "language"],
  "/standings": ["season_id", "language"],
  "/bet-builders": ["fixture_id", "model_id", "is_live", "language"],
  "/types": ["developer_type", "language"],
};
const BAD_VALUES = ["%FF", "%E0%A4", "1%00", "en%00", "%C0%80"];
/** What the other parameters must be for the one under test to be read at all. */
const BASE: Record<string, string> = { "/search": "q=x&types=team&", "/standings": "season_id=1&" };

describe("invalid UTF-8 and control characters", () => {
  for (const [endpoint, names] of Object.entries(PARAMETERS)) {
    it(`answers 400 naming the parameter on ${endpoint}`, async () => {
      for (const name of names) {
        for (const value of BAD_VALUES) {
          const base = (BASE[endpoint] ?? "").replace(new RegExp(`(^|&)${name.replace(/[[\]]/g, "\\$&")}=[^&]*&`), "$1");
          const encodedName = name.replace("[", "%5B").replace("]", "%5D");
          await expectClientError(`${endpoint}?${base}${encodedName}=${value}`, name);
        }
      }
    });
  }

  it("names a bracketed parameter whose name carries a NUL or a bad escape", async () => {
    await expectClientError("/fixtures/search?where%5BCOR%00NERS%5D=1:2", "where%5BCOR%00NERS%5D");
    await expectClientError("/fixtures?filter%5Bmet%FFrics%5D=types:1&include=metrics", "filter%5Bmet%FFrics%5D");
    await expectClientError("/types?%00=1", "Parameter name %00");
  });

  it("keeps a literal percent sign and escaped UTF-8 usable", async () => {
    expect((await env.get("/search?q=100%&types=team", { key })).status).toBe(200);
    expect((await env.get("/search?q=M%C3%BCnchen&types=team", { key })).status).toBe(200);
  });
});

describe("oversized input", () => {
  it("answers a 100 kB query string with a JSON 431 from the HTTP server", async () => {
    for (const endpoint of Object.keys(PARAMETERS)) {
      await expectClientError(`${endpoint}?q=${"a".repeat(100_000)}`, "16 KB", 431);
    }
  });

  it("answers 10,000 ids with 431 (over 16 KB) and 2,000 ids with a 400 naming the list", async () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1).join(",");
    await expectClientError(`/fixtures?fixture_id=${ids(10_000)}`, "at most 100 ids", 431);
    await expectClientError(`/fixtures?fixture_id=${ids(2_000)}`, "fixture_id");
    await expectClientError(`/livescores?league_id=${ids(2_000)}`, "league_id");
    await expectClientError(`/bet-builders?model_id=${ids(2_000)}`, "model_id");
    await expectClientError(`/fixtures?include=metrics&filter[metrics]=types:${ids(2_000)}`, "filter[metrics]");
  });

  it("answers deeply bracketed parameters with a 400 naming them where brackets are read", async () => {
    const deep = "[a]".repeat(500);
    await expectClientError(`/fixtures?filter${deep}=1`, "Malformed parameter filter[a][a]");
    await expectClientError(`/livescores?filter${deep}=1`, "Malformed parameter filter[a][a]");
    await expectClientError(`/fixtures/search?where${deep}=1:2`, "Malformed parameter where[a][a]");
    await expectClientError(`/fixtures/search?order${deep}=asc`, "Malformed parameter order[a][a]");
  });

  it("ignores malformed bracket keys of a family the endpoint does not read", async () => {
    for (const path of ["/fixtures?where[a][b]=1", "/livescores?order[a][b]=1", "/fixtures?order[x]]=asc"]) {
      expect((await env.get(path)).status, path).toBe(200);
    }
  });

  it("ignores deeply bracketed unknown parameters elsewhere, like any unknown parameter", async () => {
    const deep = "[a]".repeat(500);
    for (const path of [`/types?filter${deep}=1`, `/search?q=x&types=team&x${deep}=1`, `/bet-builders?where${deep}=1`]) {
      expect((await env.get(path, { key })).status, path).toBe(200);
    }
  });

  it("answers a thousand repeated parameters with the repeated-parameter 400", async () => {
    await expectClientError(`/fixtures?${"page=1&".repeat(1_000)}`, "page must be given only once");
    await expectClientError(`/search?types=team&${"q=a&".repeat(1_000)}`, "q must be given only once");
  });
});
