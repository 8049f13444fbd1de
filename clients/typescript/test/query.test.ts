import { serializeQuery } from "@sports-fixtures/client";
import { describe, expect, it } from "vitest";

/** The bracket syntax the client writes from typed where/order/filter objects. */
describe("serializeQuery", () => {
  it("writes a range with its scope, and open ends as the widest bounds the API takes", () => {
    expect(serializeQuery({ where: { CORNERS: { min: 5, scope: "HOME" } } })).toBe("where[CORNERS]=5:999999999999999:HOME");
    expect(serializeQuery({ where: { GOALS: { max: 2 } } })).toBe("where[GOALS]=-999999999999999:2:LEAGUE");
  });

  it("repeats a name given several ranges, and writes the first order with its direction and scope", () => {
    expect(serializeQuery({ where: { CORNERS: [{ min: 1, max: 9 }, { min: 3, max: 12, scope: "AWAY" }] }, order: { by: "CORNERS", direction: "asc", scope: "AWAY" } })).toBe(
      "where[CORNERS]=1:9:LEAGUE&where[CORNERS]=3:12:AWAY&order[CORNERS]=asc:AWAY",
    );
  });

  it("joins lists with commas, writes other objects as name[key], and leaves out what is undefined", () => {
    expect(serializeQuery({ window: "live", include: ["odds", "statistics"], filter: { odds: "bookmakers:1,2" }, page: undefined })).toBe(
      "window=live&include=odds,statistics&filter[odds]=bookmakers:1,2",
    );
  });

  it("refuses bounds the API cannot take", () => {
    expect(() => serializeQuery({ where: { CORNERS: { min: 1.5 } } })).toThrow(/integers of at most 15 digits/);
    expect(() => serializeQuery({ where: { CORNERS: { max: 1e16 } } })).toThrow(/integers of at most 15 digits/);
  });
});
