import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

async function expectError(path: string, status: number, error: string | RegExp): Promise<void> {
  const response = await env.get(`/fixtures/search${path}`);
  expect(response.status, path).toBe(status);
  const body = (await response.json()) as { error: string };
  expect(Object.keys(body), path).toEqual(["error"]);
  if (typeof error === "string") expect(body.error, path).toBe(error);
  else expect(body.error, path).toMatch(error);
}

describe("GET /fixtures/search validation", () => {
  it("returns 403 Unauthorized without a valid key", async () => {
    const response = await env.get("/fixtures/search", { key: null });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
    expect((await env.get("/fixtures/search", { key: "sfd_bogus" })).status).toBe(403);
  });

  it("returns 400 with the exact text for an invalid window", async () => {
    for (const window of ["7", "1", "LIVE", "", "24h", "0"]) {
      await expectError(`?window=${window}`, 400, "Invalid window. Valid values: live, 3, 6, 12, 24, 48, 168");
    }
  });

  it("returns 400 for malformed where filters", async () => {
    await expectError("?where[CORNERS]=5", 400, "where[CORNERS] must be min:max or min:max:location, for example 2:5:HOME");
    await expectError("?where[CORNERS]=a:5", 400, "where[CORNERS] min and max must both be integers of at most 15 digits");
    await expectError("?where[CORNERS]=1:", 400, "where[CORNERS] min and max must both be integers of at most 15 digits");
    await expectError("?where[CORNERS]=1:9999999999999999", 400, "where[CORNERS] min and max must both be integers of at most 15 digits");
    await expectError("?where[CORNERS]=6:5", 400, "where[CORNERS] min must not be greater than max");
    await expectError("?where[CORNERS]=1:5:TEAM", 400, "where[CORNERS] location must be HOME, AWAY or LEAGUE");
  });

  it("returns 400 for a developer_name /types does not list (names are case-sensitive)", async () => {
    await expectError("?where[NOT_A_TYPE]=1:2", 400, "Unknown developer_name: NOT_A_TYPE");
    await expectError("?order[corners]=DESC", 400, "Unknown developer_name: corners");
  });

  it("returns 400 for more than 10 where filters, counting a repeated name", async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `where[CORNERS]=${i}:${i + 1}`).join("&");
    await expectError(`?${eleven}`, 400, "At most 10 where filters are allowed");
    const ten = Array.from({ length: 10 }, (_, i) => `where[CORNERS]=${i}:${i + 1}`).join("&");
    expect((await env.get(`/fixtures/search?${ten}`)).status).toBe(200);
  });

  it("returns 400 for an order without a direction", async () => {
    await expectError(
      "?order[CORNERS]=HOME",
      400,
      "order[CORNERS] must be ASC or DESC, optionally followed by :HOME, :AWAY or :LEAGUE",
    );
  });

  it("returns 400 for includes search does not offer", async () => {
    for (const include of ["fair_odds", "movement", "last_fixtures", "trends"]) {
      await expectError(`?include=odds,${include}`, 400, `Unsupported include(s): ${include}. Supported: odds, statistics, metrics`);
    }
  });

  it("returns 400 for a filter without its include, an unoffered filter and a bad filter value", async () => {
    await expectError("?filter[metrics]=types:303", 400, "filter[metrics] needs include=metrics");
    await expectError("?include=odds&filter[statistics]=types:34", 400, "filter[statistics] needs include=statistics");
    await expectError(
      "?filter[trends]=types:15",
      400,
      "Unsupported filter: filter[trends]. Supported: filter[metrics], filter[statistics], filter[odds]",
    );
    await expectError("?include=odds&filter[odds]=is_live:2", 400, "filter[odds] is_live must be 0 or 1, got '2'");
    await expectError(
      "?include=odds&filter[odds]=colour:red",
      400,
      "filter[odds] has an unknown key 'colour'. Keys: bookmakers, markets, is_live, suspend",
    );
  });

  it("returns 400 for page and per_page out of range, and for paging beyond 10,000 results", async () => {
    await expectError("?page=0", 400, "page must be an integer of at least 1");
    await expectError("?per_page=0", 400, "per_page must be an integer from 1 to 50");
    await expectError("?per_page=51", 400, "per_page must be an integer from 1 to 50");
    await expectError("?per_page=ten", 400, "per_page must be an integer from 1 to 50");
    await expectError("?page=201&per_page=50", 400, "page and per_page reach beyond the first 10,000 results, which cannot be paged: page x per_page must be at most 10000; narrow the search instead");
    expect((await env.get("/fixtures/search?page=200&per_page=50")).status).toBe(200);
    await expectError("?page=401", 400, "page and per_page reach beyond the first 10,000 results, which cannot be paged: page x per_page must be at most 10000; narrow the search instead");
  });

  it("returns 400 for unknown statuses and bad league ids", async () => {
    await expectError("?status=NOT_STARTED,LIVE", 400, /^Unsupported status value\(s\): LIVE\. Supported: NOT_STARTED, INPLAY_1ST_HALF/);
    await expectError("?status=", 400, "status must be a comma-separated list without empty items");
    await expectError("?league_id=8,x", 400, "league_id must be a comma-separated list of at most 100 positive integer ids");
    await expectError("?league_id=0", 400, "league_id must be a comma-separated list of at most 100 positive integer ids");
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    await expectError(`?league_id=${many}`, 400, "league_id must be a comma-separated list of at most 100 positive integer ids");
  });

  it("returns 400 for a bad or conflicting language and a repeated single-valued parameter", async () => {
    await expectError("?language=eng", 400, /^language must be a two-letter lowercase ISO 639-1 language code/);
    await expectError("?language=de&lang=fr", 400, "language and lang must be equal when both are given");
    await expectError("?window=3&window=6", 400, "window must be given only once");
  });

  it("ignores unknown plain parameters", async () => {
    const response = await env.get("/fixtures/search?group=1&stage=2&foo=bar");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ fixtures: [], pagination: { page: 1, per_page: 25, has_more: false } });
  });

  it("is documented in the OpenAPI document with its bracketed parameters as deepObject", async () => {
    const document = (await (await env.get("/openapi.json", { key: null })).json()) as {
      paths: Record<string, { get?: { parameters?: Array<{ name: string; style?: string }> } }>;
    };
    const parameters = document.paths["/fixtures/search"]?.get?.parameters ?? [];
    expect(parameters.map((p) => p.name)).toEqual(
      expect.arrayContaining(["window", "league_id", "status", "include", "page", "per_page", "language", "lang", "where", "order", "filter"]),
    );
    for (const name of ["where", "order", "filter"]) expect(parameters.find((p) => p.name === name)?.style).toBe("deepObject");
  });
});
