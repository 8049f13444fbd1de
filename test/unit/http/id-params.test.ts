import { describe, expect, it } from "vitest";
import { idListParam, MAX_IDS_PER_LIST, positiveIdParam, readIdList, readPositiveId, UNMATCHABLE_ID } from "../../../src/http/id-params.js";

describe("readPositiveId", () => {
  it("reads digits that are not all zeros, leading zeros included", () => {
    expect(readPositiveId("8")).toBe(8);
    expect(readPositiveId("007")).toBe(7);
    expect(readPositiveId("123456789012345")).toBe(123456789012345);
  });

  it("turns an id too large to exist into the id that matches nothing", () => {
    expect(readPositiveId("9007199254740991")).toBe(9007199254740991);
    expect(readPositiveId("9007199254740993")).toBe(UNMATCHABLE_ID);
    expect(readPositiveId("12345678901234567890")).toBe(UNMATCHABLE_ID);
  });

  it("rejects anything but a positive integer", () => {
    for (const bad of ["0", "000", "-1", "1.5", "1e3", "x", "", " 1", "+1"]) expect(readPositiveId(bad), bad).toBeNull();
  });
});

describe("readIdList", () => {
  it("de-duplicates in order", () => {
    expect(readIdList(["8", "564", "8", "12345678901234567890", "99999999999999999999"])).toEqual({
      ok: true,
      ids: [8, 564, UNMATCHABLE_ID],
    });
  });

  it("checks the count before the items, and names the first bad item", () => {
    const tooMany = Array.from({ length: MAX_IDS_PER_LIST + 1 }, () => "x");
    expect(readIdList(tooMany)).toEqual({ ok: false, tooMany: true });
    expect(readIdList(Array.from({ length: MAX_IDS_PER_LIST }, (_, i) => String(i + 1))).ok).toBe(true);
    expect(readIdList(["1", "x", "0"])).toEqual({ ok: false, tooMany: false, item: "x" });
  });
});

describe("idListParam and positiveIdParam", () => {
  const leagueId = idListParam("league_id");
  const seasonId = positiveIdParam("season_id must be a positive integer");

  it("read the same ids: a list allows spaces around its commas", () => {
    expect(leagueId.parse("8, 564,8")).toEqual([8, 564]);
    expect(leagueId.parse("1234567890123456789")).toEqual([UNMATCHABLE_ID]);
    expect(seasonId.parse("1234567890123456789")).toBe(UNMATCHABLE_ID);
    expect(seasonId.parse("0042")).toBe(42);
  });

  it("answer the parameter's own rule for anything else", () => {
    const rule = "league_id must be a comma-separated list of at most 100 positive integer ids";
    for (const bad of ["0", "8,x", "8,,9", "-1", Array.from({ length: 101 }, (_, i) => i + 1).join(",")]) {
      expect(leagueId.safeParse(bad).error?.issues[0]?.message, bad).toBe(rule);
    }
    for (const bad of ["0", "x", "1.5", ""]) {
      expect(seasonId.safeParse(bad).error?.issues[0]?.message, bad).toBe("season_id must be a positive integer");
    }
  });
});
