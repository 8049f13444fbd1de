import { describe, expect, it } from "vitest";
import { inPlayBacktestRequest, inPlayRangeRequest, kickOffParts, type InPlayBacktestInput } from "../../../../src/search/backtest/in-play-request.js";

const INPUT: InPlayBacktestInput = {
  metrics: [],
  inPlay: [{ name: "CORNERS", min: 1, max: 9, location: "HOME" }],
  start: new Date("2025-01-01T00:00:00Z"),
  end: new Date("2025-02-01T00:00:00Z"),
  minutes: { from: 1, to: 90 },
};
const IN_RANGE = [{ range: { date_time: { gte: "2025-01-01T00:00:00.000Z", lt: "2025-02-01T00:00:00.000Z" } } }, { exists: { field: "in_play_final.goals" } }];
const JAN_10 = Date.parse("2025-01-10T12:00:00Z");
const JAN_20 = Date.parse("2025-01-20T12:00:00Z");

describe("kickOffParts", () => {
  it("cuts the range into one part more than its distinct cuts, in order, each open where the range is", () => {
    expect(kickOffParts([JAN_20, JAN_10 + 0.7, JAN_10])).toEqual([
      { to: "2025-01-10T12:00:00.000Z" },
      { from: "2025-01-10T12:00:00.000Z", to: "2025-01-20T12:00:00.000Z" },
      { from: "2025-01-20T12:00:00.000Z" },
    ]);
  });

  it("leaves the range whole without a cut", () => {
    expect(kickOffParts([])).toEqual([{}]);
  });
});

describe("inPlayRangeRequest", () => {
  it("counts the fixtures in range and asks for the kick-offs that cut them into equal parts", () => {
    expect(inPlayRangeRequest(INPUT, "f", 4)).toEqual({
      index: "f",
      size: 0,
      track_total_hits: true,
      query: { bool: { filter: IN_RANGE } },
      aggs: { cuts: { percentiles: { field: "date_time", percents: [25, 50, 75], keyed: false } } },
    });
  });

  it("asks for no cut when the range is searched whole", () => {
    expect(inPlayRangeRequest(INPUT, "f", 1)).not.toHaveProperty("aggs");
  });
});

describe("inPlayBacktestRequest", () => {
  it("searches one part of the range with the sample sized by the whole range's fixtures", () => {
    const request = inPlayBacktestRequest(INPUT, "f", 1234, { from: "2025-01-10T12:00:00.000Z" });
    expect(request.query).toEqual({ bool: { filter: [...IN_RANGE, { range: { date_time: { gte: "2025-01-10T12:00:00.000Z" } } }] } });
    expect(JSON.stringify(request.aggs)).toContain('"shard_size":1234');
  });

  it("searches the whole range without a part", () => {
    expect(inPlayBacktestRequest(INPUT, "f", 10).query).toEqual({ bool: { filter: IN_RANGE } });
  });
});
