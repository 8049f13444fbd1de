import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typesOf } from "../../src/domain/types/types.js";
import { loadCatalog, MINI_LEAGUE, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * Includes and filters of GET /fixtures/search on production documents (built by
 * the real pipeline from a mini catalog): one match in play, one kicking off soon.
 */
let env: TestEnv;
const now = new Date();
const IN_PLAY_ID = 4;
const UPCOMING_ID = 5;

beforeAll(async () => {
  env = await startTestEnv();
  const minutes = (n: number) => new Date(now.getTime() + n * 60_000).toISOString();
  await loadCatalog(
    env,
    miniCatalog([
      { id: 1, home: 11, away: 12, date_time: "2025-03-01T15:00:00.000Z", status: "FT", result: { ht: [1, 0], ft: [2, 1] } },
      { id: IN_PLAY_ID, home: 11, away: 13, date_time: minutes(-30), status: "NOT_STARTED", season: "current" },
      { id: UPCOMING_ID, home: 12, away: 14, date_time: minutes(120), status: "NOT_STARTED", season: "current" },
    ]),
    now,
  );
});
afterAll(async () => {
  await env?.close();
});

type Entry = { team_id: number; type_id: number; developer_name: string; value: number };
type Odd = { fixture_id: number; bookmaker_id: number; market_id: number; is_live: number; suspend: number };
type Fixture = {
  id: number;
  is_live: boolean;
  language: string;
  participants: Array<{ id: number; name: string }>;
  odds?: Odd[];
  statistics?: Entry[];
  metrics?: Entry[];
};

async function fixtures(query: string): Promise<Fixture[]> {
  const response = await env.get(`/fixtures/search?league_id=${MINI_LEAGUE.id}&${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { fixtures: Fixture[] }).fixtures;
}

const byId = (list: Fixture[], id: number) => list.find((fixture) => fixture.id === id);

describe("GET /fixtures/search includes", () => {
  it("finds the in-play and the upcoming fixture and leaves modules out unless asked", async () => {
    const list = await fixtures("");
    expect(list.map((fixture) => fixture.id)).toEqual([IN_PLAY_ID, UPCOMING_ID]);
    expect(byId(list, IN_PLAY_ID)?.is_live).toBe(true);
    for (const fixture of list) {
      expect(fixture).not.toHaveProperty("odds");
      expect(fixture).not.toHaveProperty("statistics");
      expect(fixture).not.toHaveProperty("metrics");
    }
  });

  it("adds odds, statistics and metrics when included", async () => {
    const list = await fixtures("include=odds,statistics,metrics");
    const live = byId(list, IN_PLAY_ID)!;
    const upcoming = byId(list, UPCOMING_ID)!;
    expect(live.statistics?.length).toBeGreaterThan(0);
    expect(upcoming.statistics).toEqual([]);
    expect(upcoming.metrics?.some((entry) => entry.developer_name === "PREDICTION_GL_CONFIDENCE" && entry.type_id === 105)).toBe(true);
    expect(upcoming.odds?.length).toBeGreaterThan(0);
    expect(upcoming.odds?.every((odd) => odd.fixture_id === UPCOMING_ID)).toBe(true);
    expect(Object.keys(live.statistics![0]!).sort()).toEqual(["developer_name", "team_id", "type_id", "value"]);
  });

  it("narrows included arrays with filters but never removes fixtures", async () => {
    const list = await fixtures(
      "include=odds,statistics,metrics&filter[metrics]=developer_types:predictions&filter[statistics]=types:34" +
        "&filter[odds]=markets:1;is_live:0",
    );
    expect(list.map((fixture) => fixture.id)).toEqual([IN_PLAY_ID, UPCOMING_ID]);
    const upcoming = byId(list, UPCOMING_ID)!;
    const live = byId(list, IN_PLAY_ID)!;
    const predictionIds = new Set(typesOf("predictions").map((type) => type.type_id));
    expect(upcoming.metrics?.length).toBeGreaterThan(0);
    expect(upcoming.metrics?.every((entry) => predictionIds.has(entry.type_id))).toBe(true);
    expect(live.statistics?.length).toBeGreaterThan(0);
    expect(live.statistics?.every((entry) => entry.type_id === 34)).toBe(true);
    expect(upcoming.odds?.length).toBeGreaterThan(0);
    expect(upcoming.odds?.every((odd) => odd.market_id === 1 && odd.is_live === 0)).toBe(true);
  });

  it("matches the in-play statistic for a live fixture and the pre-match metric for an upcoming one", async () => {
    expect((await fixtures("where[CORNERS]=0:1000")).map((fixture) => fixture.id)).toEqual([IN_PLAY_ID]);
    expect((await fixtures("where[PREDICTION_GL_CONFIDENCE]=0:100000")).map((fixture) => fixture.id)).toEqual([
      IN_PLAY_ID,
      UPCOMING_ID,
    ]);
  });

  it("localizes team names and echoes the language", async () => {
    const list = await fixtures("language=de");
    const live = byId(list, IN_PLAY_ID)!;
    expect(live.language).toBe("de");
    expect(live.participants[0]?.name).toBe("FC Arsenal");
  });
});
