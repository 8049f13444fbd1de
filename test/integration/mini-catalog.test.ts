import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
const now = new Date("2026-11-21T15:30:00.000Z");

beforeAll(async () => {
  env = await startTestEnv();
  await loadCatalog(
    env,
    miniCatalog([
      { id: 1, home: 11, away: 12, date_time: "2025-03-01T15:00:00.000Z", status: "FT", result: { ht: [1, 0], ft: [2, 1] } },
      { id: 2, home: 13, away: 14, date_time: "2025-03-08T15:00:00.000Z", status: "FT", result: { ft: [0, 0], et: [1, 1], p: [4, 3] }, knockout: true },
      { id: 3, home: 15, away: 16, date_time: "2025-03-09T15:00:00.000Z", status: "POSTPONED" },
      { id: 4, home: 11, away: 13, date_time: "2026-11-21T14:45:00.000Z", status: "INPLAY_1ST_HALF", season: "current" },
      { id: 5, home: 12, away: 14, date_time: "2026-11-22T15:00:00.000Z", status: "NOT_STARTED", season: "current" },
    ]),
    now,
  );
});
afterAll(async () => {
  await env?.close();
});

describe("fixture documents built from a catalog", () => {
  it("reproduces a real result in scores and the GOALS statistic", async () => {
    const doc = await env.storedFixture(1);
    expect(doc.status).toBe("FT");
    const current = doc.scores.filter((s) => s.developer_name === "CURRENT").map((s) => s.value);
    expect(current).toEqual([2, 1]);
    const goals = doc.statistics.filter((s) => s.developer_name === "GOALS").map((s) => [s.location, s.value]);
    expect(goals).toEqual([["home", 2], ["away", 1], ["league", 3]]);
    expect(doc.trends).not.toBeNull();
  });

  it("counts extra time in CURRENT but not the shoot-out", async () => {
    const doc = await env.storedFixture(2);
    expect(doc.scores.filter((s) => s.developer_name === "CURRENT").map((s) => s.value)).toEqual([1, 1]);
    expect(doc.periods.map((p) => p.developer_name)).toContain("PENALTIES");
  });

  it("gives a postponed fixture no events and void odds", async () => {
    const doc = await env.storedFixture(3);
    expect(doc.status).toBe("POSTPONED");
    expect(doc.scores).toEqual([]);
    expect(doc.statistics).toEqual([]);
    expect(doc.odds.length).toBeGreaterThan(0);
  });

  it("projects a simulated fixture that kicked off 45 minutes ago as in play", async () => {
    const doc = await env.storedFixture(4);
    expect(doc.is_live).toBe(true);
    expect(["INPLAY_1ST_HALF", "HT", "INPLAY_2ND_HALF"]).toContain(doc.status);
    expect(doc.minute).toBeGreaterThan(30);
  });

  it("keeps an upcoming fixture not started, with pre-match metrics and no statistics", async () => {
    const doc = await env.storedFixture(5);
    expect(doc.status).toBe("NOT_STARTED");
    expect(doc.statistics).toEqual([]);
    expect(doc.metrics.some((m) => m.developer_name === "PREDICTION_GL_CONFIDENCE")).toBe(true);
  });

  it("indexes effective values so a nested query finds a live fixture by its statistic, and a history one by its metrics only", async () => {
    const goals = (await env.storedFixture(4)).statistics.find((s) => s.developer_name === "GOALS" && s.location === "league")!.value;
    const found = async (name: string, location: string, value: number) => {
      const response = await env.es.search({
        index: env.deps.indices.fixtures_all,
        query: {
          nested: {
            path: "effective",
            query: {
              bool: {
                filter: [
                  { term: { "effective.name": name } },
                  { term: { "effective.location": location } },
                  { range: { "effective.value": { gte: value, lte: value } } },
                ],
              },
            },
          },
        },
      });
      return response.hits.hits.map((hit) => hit._id);
    };
    expect(await found("GOALS", "league", goals)).toContain("4");
    // Fixture 1 (3 goals, a past season) is history, which indexes no statistic (src/domain/fixture/index-family.ts).
    expect(await found("GOALS", "league", 3)).not.toContain("1");
    const metric = (await env.storedFixture(1)).metrics[0]!;
    expect(await found(metric.developer_name, metric.location, metric.value)).toContain("1");
  });
});
