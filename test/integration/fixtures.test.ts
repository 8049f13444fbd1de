import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ids, getError, getOk, type FixturesPage } from "../support/fixtures-api.js";
import { FIXTURE_MATCHES, FIXTURES_NOW, fixturesCatalog, FORM, LIVE, PAGING_DAY, STAGED } from "../support/fixtures-catalog.js";
import { loadCatalog, MINI_LEAGUE, MINI_SEASONS } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
  await loadCatalog(env, fixturesCatalog(), FIXTURES_NOW);
});
afterAll(async () => {
  await env?.close();
});

const page = (query: string) => getOk<FixturesPage>(env, `/fixtures?${query}`);
const allIdsInOrder = [...FIXTURE_MATCHES]
  .sort((a, b) => Date.parse(a.date_time) - Date.parse(b.date_time) || a.id - b.id)
  .map((match) => match.id);

describe("GET /fixtures selectors", () => {
  it("lists every fixture by date_time then id without a selector, 25 per page", async () => {
    const body = await page("");
    expect(ids(body)).toEqual(allIdsInOrder.slice(0, 25));
    expect(body.pagination).toEqual({ page: 1, per_page: 25, has_more: true, order: "asc" });
  });

  it("flips both date_time and id with order=desc", async () => {
    const body = await page(`date=${PAGING_DAY.date}&order=desc`);
    expect(ids(body)).toEqual([...PAGING_DAY.asc].reverse());
    expect(body.pagination.order).toBe("desc");
  });

  it("selects the fixtures of one UTC day with date, excluding the millisecond before and midnight after", async () => {
    expect(ids(await page(`date=${PAGING_DAY.date}`))).toEqual([...PAGING_DAY.asc]);
    expect(ids(await page("date=2025-02-14"))).toEqual([PAGING_DAY.before]);
  });

  it("selects by fixture_id and league_id lists", async () => {
    expect(ids(await page(`fixture_id=${FORM.after},${FORM.target},999999`))).toEqual([FORM.target, FORM.after]);
    expect((await page(`league_id=${MINI_LEAGUE.id}&per_page=100`)).fixtures).toHaveLength(FIXTURE_MATCHES.length);
    expect(ids(await page("league_id=1,2"))).toEqual([]);
  });

  it("selects by season_id", async () => {
    expect(ids(await page(`season_id=${MINI_SEASONS.current.id}`))).toEqual([LIVE.finished, LIVE.first, LIVE.second, LIVE.upcoming]);
  });

  it("selects by status list", async () => {
    expect(ids(await page("status=POSTPONED"))).toEqual([FORM.postponed]);
    expect(ids(await page("status=NOT_STARTED,POSTPONED"))).toEqual([FORM.postponed, LIVE.upcoming]);
  });

  it("gives an empty list for a sport without data", async () => {
    const body = await page("sport_id=2");
    expect(body).toEqual({ fixtures: [], pagination: { page: 1, per_page: 25, has_more: false, order: "asc" } });
    expect((await page("sport_id=1&per_page=1")).fixtures).toHaveLength(1);
  });

  it("combines selectors (all must hold)", async () => {
    expect(ids(await page(`date=${PAGING_DAY.date}&fixture_id=500,503,${FORM.target}`))).toEqual([500, 503]);
  });
});

describe("GET /fixtures date ranges", () => {
  // The 30-day rule is against the server's clock; the server runs in this process, so freeze it.
  afterEach(() => {
    vi.useRealTimers();
  });
  const freeze = () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(FIXTURES_NOW);
  };

  it("accepts a range starting exactly 30 days before the server time, both ends inclusive", async () => {
    freeze();
    const body = await page("start_date=2026-10-22T15:30:00.000Z&end_date=2026-11-21T15:10:00.000Z");
    expect(ids(body)).toEqual([LIVE.finished, LIVE.first, LIVE.second]);
  });

  it("rejects a range starting 30 days and a second before the server time", async () => {
    freeze();
    expect(await getError(env, "/fixtures?start_date=2026-10-22T15:29:59.000Z&end_date=2026-11-21T15:10:00.000Z")).toBe(
      "start_date must not be more than 30 days before the current server time",
    );
  });

  it("reads offsets and short forms", async () => {
    freeze();
    expect(ids(await page("start_date=2026-11-21T15:45%2B01:00&end_date=2026-11-21T14:45Z"))).toEqual([LIVE.first]);
    expect(ids(await page("start_date=2026-11-21T15:45+01:00&end_date=2026-11-21T10:10-05:00"))).toEqual([LIVE.first, LIVE.second]);
    expect(ids(await page("start_date=2026-11-21&end_date=2026-11-22"))).toEqual([LIVE.first, LIVE.second]);
  });

  it("rejects a start after the end", async () => {
    freeze();
    expect(await getError(env, "/fixtures?start_date=2026-11-21T12:00:00.001Z&end_date=2026-11-21T12:00:00.000Z")).toBe(
      "start_date must be earlier than or equal to end_date",
    );
  });

  it("ignores a lone start_date or end_date", async () => {
    expect(ids(await page("start_date=2026-11-21T00:00:00Z"))).toEqual(allIdsInOrder.slice(0, 25));
    expect(ids(await page("end_date=2020-01-01"))).toEqual(allIdsInOrder.slice(0, 25));
  });

  it("rejects impossible dates and malformed timestamps, naming the parameter", async () => {
    expect(await getError(env, "/fixtures?date=2026-02-30")).toBe("date is not a valid date: 2026-02-30");
    expect(await getError(env, "/fixtures?start_date=2026-11-31T10:00:00Z&end_date=2026-12-01")).toBe(
      "start_date is not a valid date: 2026-11-31T10:00:00Z",
    );
    expect(await getError(env, "/fixtures?start_date=2026-11-21&end_date=2026-11-21T25:00Z")).toBe(
      "end_date is not a valid date: 2026-11-21T25:00Z",
    );
    expect(await getError(env, "/fixtures?date=2026/11/21")).toBe("date must be in the form YYYY-MM-DD");
    expect(await getError(env, "/fixtures?start_date=yesterday&end_date=2026-11-21")).toMatch(/^start_date must be in the form /);
  });

  it("rejects date together with start_date and end_date", async () => {
    expect(await getError(env, "/fixtures?date=2026-11-21&start_date=2026-11-21&end_date=2026-11-22")).toBe(
      "date cannot be combined with start_date and end_date",
    );
  });
});

describe("GET /fixtures pagination", () => {
  const day = `date=${PAGING_DAY.date}`;

  it("sets has_more exactly when another page has results", async () => {
    const first = await page(`${day}&per_page=2`);
    expect([ids(first), first.pagination]).toEqual([[500, 501], { page: 1, per_page: 2, has_more: true, order: "asc" }]);
    const second = await page(`${day}&per_page=2&page=2`);
    expect([ids(second), second.pagination.has_more]).toEqual([[502, 503], false]);
    const third = await page(`${day}&per_page=2&page=3`);
    expect([ids(third), third.pagination]).toEqual([[], { page: 3, per_page: 2, has_more: false, order: "asc" }]);
    expect((await page(`${day}&per_page=4`)).pagination.has_more).toBe(false);
    expect((await page(`${day}&per_page=3`)).pagination.has_more).toBe(true);
    expect(ids(await page(`${day}&per_page=3&page=2`))).toEqual([503]);
  });

  it("answers the page ending at the 10,000th result and rejects pages beyond it", async () => {
    const last = await page("page=10000&per_page=1");
    expect(last.fixtures).toEqual([]);
    expect(last.pagination.has_more).toBe(false);
    expect(await getError(env, "/fixtures?page=101&per_page=100")).toBe(
      "page and per_page reach beyond the first 10,000 results, which cannot be paged: page x per_page must be at most 10000; narrow the search instead",
    );
  });

  it("rejects page and per_page out of range", async () => {
    expect(await getError(env, "/fixtures?per_page=0")).toBe("per_page must be an integer from 1 to 100");
    expect(await getError(env, "/fixtures?per_page=101")).toBe("per_page must be an integer from 1 to 100");
    expect(await getError(env, "/fixtures?page=0")).toBe("page must be an integer of at least 1");
    expect(await getError(env, "/fixtures?page=1.5")).toBe("page must be an integer of at least 1");
    expect((await page("per_page=100")).fixtures).toHaveLength(FIXTURE_MATCHES.length);
  });
});

describe("GET /fixtures parameter errors", () => {
  it.each([
    ["include=odds,foo", "Unsupported include(s): foo. Supported: odds, statistics, metrics, fair_odds, movement, last_fixtures, trends"],
    ["filter[metrics]=types:105", "filter[metrics] needs include=metrics"],
    ["include=metrics&filter[statistics]=types:34", "filter[statistics] needs include=statistics"],
    ["filter[odds]=is_live:1", "filter[odds] needs include=odds"],
    ["filter[trends]=types:15", "filter[trends] needs include=trends"],
    ["include=metrics&filter[metrics]=developer_types:foo", "filter[metrics] developer_types must be from predictions, smart_money, league_average, got 'foo'"],
    ["status=FT,LIVE", "Unsupported status value(s): LIVE. Supported: NOT_STARTED, INPLAY_1ST_HALF, INPLAY_2ND_HALF, INPLAY_ET, INPLAY_PENALTIES, HT, EXTRA_TIME_BREAK, PEN_BREAK, FT, POSTPONED, CANCELLED, ABANDONED, AWARDED, NO_RESULT"],
    ["league_id=1,abc", "league_id must be a comma-separated list of at most 100 positive integer ids"],
    ["fixture_id=0", "fixture_id must be a comma-separated list of at most 100 positive integer ids"],
    [`fixture_id=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`, "fixture_id must be a comma-separated list of at most 100 positive integer ids"],
    ["sport_id=0", "sport_id must be an integer of at least 1"],
    ["season_id=x", "season_id must be an integer of at least 1"],
    ["order=up", "order must be asc or desc"],
    ["language=english", "language must be a two-letter lowercase ISO 639-1 language code, for example en"],
    ["language=de&lang=fr", "language and lang must be equal when both are given"],
    ["per_page=10&per_page=20", "per_page must be given only once"],
  ])("%s is a 400", async (query, message) => {
    expect(await getError(env, `/fixtures?${query}`)).toBe(message);
  });

  it("accepts 100 ids and ignores unknown plain parameters", async () => {
    const list = Array.from({ length: 99 }, (_, i) => i + 1000).concat(FORM.target).join(",");
    expect(ids(await page(`fixture_id=${list}&foo=bar`))).toEqual([FORM.target]);
  });

  it("needs a key", async () => {
    const response = await env.get("/fixtures", { key: null });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "Unauthorized" });
  });
});

describe("GET /fixtures fields", () => {
  it("answers JSON, the same bytes for a repeated request", async () => {
    const first = await env.get(`/fixtures?date=${PAGING_DAY.date}&include=odds,statistics`);
    expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const again = await env.get(`/fixtures?date=${PAGING_DAY.date}&include=odds,statistics`);
    expect(await again.text()).toBe(await first.text());
  });

  it("shows the Fixture fields with localized names", async () => {
    const [fixture] = (await page(`fixture_id=${FORM.target}&lang=de`)).fixtures;
    expect(fixture).toMatchObject({
      id: FORM.target,
      date_time: "2025-04-01T19:00:00.000Z",
      status: "FT",
      is_live: false,
      language: "de",
      sport: { id: 1, name: "Football" },
      country: { name: "England", alpha3: "ENG" },
      league: { id: MINI_LEAGUE.id, name: "Test-Premier-League", level: 1 },
      season: { id: MINI_SEASONS.past.id, name: "2024/2025", is_current: false },
      group: null,
      stage: null,
    });
    expect(Object.keys(fixture!)).toEqual([
      "id", "date_time", "status", "is_live", "language", "sport", "country", "league", "season",
      "group", "stage", "participants", "scores", "periods", "updated_at",
    ]);
    expect(fixture!.participants.map((p) => [p.id, p.name, p.location])).toEqual([[11, "FC Arsenal", "home"], [12, "Chelsea FC", "away"]]);
    expect(fixture!.participants.every((p) => Number.isInteger(p.position))).toBe(true);
    const current = fixture!.scores.filter((s) => s.developer_name === "CURRENT").map((s) => [s.team_id, s.value]);
    expect(current).toEqual([[11, 2], [12, 1]]);
    expect(fixture!.periods.map((p) => [p.developer_name, p.counts_from])).toEqual([["1ST_HALF", 0], ["2ND_HALF", 45]]);
  });

  it("falls back to English names for a language without translations", async () => {
    const [fixture] = (await page(`fixture_id=${FORM.target}&language=ja`)).fixtures;
    expect([fixture!.language, fixture!.country.name, fixture!.participants[0]!.name]).toEqual(["ja", "England", "Arsenal FC"]);
  });

  it("shows stage and group, and empty scores and periods for a fixture not played", async () => {
    const body = await page(`fixture_id=${STAGED},${FORM.postponed}`);
    const staged = body.fixtures.find((f) => f.id === STAGED)!;
    expect([staged.stage, staged.group]).toEqual([{ id: 9001, name: "Group Stage" }, { id: 9101, name: "Group A" }]);
    const postponed = body.fixtures.find((f) => f.id === FORM.postponed)!;
    expect([postponed.status, postponed.scores, postponed.periods]).toEqual(["POSTPONED", [], []]);
  });
});

describe("GET /fixtures documentation", () => {
  it("documents /fixtures and /livescores with every parameter and the Fixture object", async () => {
    const document = (await (await env.get("/openapi.json", { key: null })).json()) as {
      paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const parameters = (path: string) => document.paths[path]?.get?.parameters?.map((p) => p.name);
    expect(parameters("/fixtures")).toEqual(
      expect.arrayContaining([
        "sport_id", "league_id", "fixture_id", "season_id", "date", "start_date", "end_date", "status", "include",
        "filter[metrics]", "filter[statistics]", "filter[odds]", "filter[trends]", "order", "page", "per_page", "language", "lang",
      ]),
    );
    expect(parameters("/livescores")).toEqual(
      expect.arrayContaining(["sport_id", "league_id", "include", "filter[metrics]", "filter[statistics]", "filter[odds]", "language", "lang"]),
    );
    expect(Object.keys(document.components.schemas.Fixture?.properties ?? {})).toEqual([
      "id", "date_time", "status", "is_live", "language", "sport", "country", "league", "season", "group", "stage",
      "participants", "scores", "periods", "updated_at", "odds", "statistics", "metrics", "fair_odds", "movement", "trends", "last_fixtures",
    ]);
  });
});
