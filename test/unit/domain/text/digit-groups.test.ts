import { describe, expect, it } from "vitest";
import { digitGroups } from "../../../../src/domain/text/digit-groups.js";

describe("digitGroups", () => {
  it("groups thousands with commas as toLocaleString(\"en\") does", () => {
    for (const value of [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, 9_007_199_254_740_991, -1, -1234, -1_000_000]) {
      expect(digitGroups(value), String(value)).toBe(value.toLocaleString("en"));
    }
  });

  it("refuses what is not a safe integer", () => {
    for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(() => digitGroups(value), String(value)).toThrow(RangeError);
  });
});
