import { describe, expect, it } from "vitest";
import { parse } from "node:querystring";
import { fixturesSearchStreamInput } from "../../../src/routes/fixtures-search/schema.js";
import { livescoresInput } from "../../../src/routes/livescores/schema.js";
import { generateQueries, POLL_PER_PAGE, type QueryMaterial } from "../../../scripts/bench/stream/queries.js";

const material: QueryMaterial = {
  ranges: [
    { name: "CORNERS", location: "HOME", min: 0, median: 3, max: 9 },
    { name: "SHOTS_ON_TARGET", location: "AWAY", min: 1, median: 4, max: 11 },
    { name: "PREDICTION_EXPECTED_GOALS", location: "LEAGUE", min: 50, median: 140, max: 310 },
  ],
  leagueIds: [8, 82, 564],
};


describe("bench:stream query generation", () => {
  it("draws the same queries from the same seed", () => {
    expect(generateQueries("seed", 40, material)).toEqual(generateQueries("seed", 40, material));
    expect(generateQueries("other", 40, material)).not.toEqual(generateQueries("seed", 40, material));
  });

  it("draws distinct queries, a mix of both streams", () => {
    const queries = generateQueries("seed", 100, material);
    expect(new Set(queries.map((query) => query.streamPath)).size).toBe(100);
    expect(queries.some((query) => query.kind === "livescores")).toBe(true);
    expect(queries.filter((query) => query.kind === "fixtures-search").length).toBeGreaterThan(50);
  });

  it("makes queries the endpoints' own validation accepts, polled with the same parameters", () => {
    for (const query of generateQueries("seed", 100, material)) {
      const [path, text = ""] = query.streamPath.split("?");
      const request = { query: parse(text) };
      if (query.kind === "livescores") {
        expect(path).toBe("/livescores/stream");
        expect(() => livescoresInput(request)).not.toThrow();
        expect(query.pollPath).toBe(text ? `/livescores?${text}` : "/livescores");
      } else {
        expect(path).toBe("/fixtures/search/stream");
        const input = fixturesSearchStreamInput(request);
        expect(input.where.length).toBeGreaterThan(0);
        for (const condition of input.where) expect(condition.min).toBeLessThanOrEqual(condition.max);
        expect(query.pollPath).toBe(`/fixtures/search?${text}&per_page=${POLL_PER_PAGE}`);
      }
    }
  });

  it("refuses to build where ranges from nothing", () => {
    expect(() => generateQueries("seed", 10, { ranges: [], leagueIds: [] })).toThrow(/no statistic or metric values/);
  });
});
