import { describe, expect, it } from "vitest";
import { candidateFixturesSearch, DEFAULT_FIXTURE_COUNT } from "../../../src/bet-builders/generate.js";
import { betBuilderId } from "../../../src/domain/bet-builders/build.js";

const now = new Date("2026-11-21T15:00:00.000Z");

describe("candidateFixturesSearch", () => {
  it("takes fixtures in play now or kicking off within a week, in kick-off order", () => {
    const search = candidateFixturesSearch({}, now);
    expect(search.size).toBe(DEFAULT_FIXTURE_COUNT);
    expect(search.sort).toEqual([{ date_time: "asc" }, { id: "asc" }]);
    const json = JSON.stringify(search.query);
    expect(json).toContain('"gte":"2026-11-21T15:00:00.000Z"');
    expect(json).toContain('"lte":"2026-11-28T15:00:00.000Z"');
    expect(json).toContain("INPLAY_1ST_HALF");
    expect(json).toContain('"status":"NOT_STARTED"');
  });

  it("limits to the given fixtures when there are some", () => {
    const search = candidateFixturesSearch({ fixtureIds: [4, 5], fixtures: 50 }, now);
    expect(search.size).toBe(2);
    expect(JSON.stringify(search.query)).toContain('{"terms":{"id":[4,5]}}');
  });
});

describe("betBuilderId", () => {
  it("is the same for the same user, model, fixture and selections in any order, different otherwise", () => {
    expect(betBuilderId(7, 1, 5, [2, 1])).toBe(betBuilderId(7, 1, 5, [1, 2]));
    expect(betBuilderId(8, 1, 5, [1, 2])).not.toBe(betBuilderId(7, 1, 5, [1, 2]));
    expect(betBuilderId(7, 2, 5, [1, 2])).not.toBe(betBuilderId(7, 1, 5, [1, 2]));
    expect(Number.isSafeInteger(betBuilderId(7, 1, 5, [1, 2]))).toBe(true);
  });
});
