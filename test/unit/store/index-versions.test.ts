import { describe, expect, it } from "vitest";
import { generationOf, liveIndexName, versionOf } from "../../../src/store/index-names.js";
import { historyFilter, newVersion } from "../../../src/store/index-versions.js";

describe("newVersion", () => {
  it("is the UTC time to the millisecond, 17 digits", () => {
    expect(newVersion(new Date("2031-02-03T04:05:06.789Z"))).toBe("20310203040506789");
  });

  it("never repeats or goes back within a process, even in one millisecond or with the clock set back", () => {
    const at = new Date("2032-01-01T00:00:00.000Z");
    const versions = [newVersion(at), newVersion(at), newVersion(new Date("2031-12-31T23:59:59.999Z")), newVersion(at)];
    expect(versions[0]).toBe("20320101000000000");
    expect(new Set(versions).size).toBe(versions.length);
    expect([...versions].sort()).toEqual(versions);
  });
});

describe("the live part's index names", () => {
  it("carry a move's generation after the version, and versionOf and generationOf read them back", () => {
    const alias = "sfd_fixtures";
    expect(liveIndexName(alias, "20261126120000000", 0)).toBe("sfd_fixtures-20261126120000000");
    const moved = liveIndexName(alias, "20261126120000000", 3);
    expect(moved).toBe("sfd_fixtures-20261126120000000.3");
    expect(versionOf(alias, moved)).toBe("20261126120000000");
    expect(generationOf(moved)).toBe(3);
    expect(generationOf("sfd_fixtures-20261126120000000")).toBe(0);
    // History's indices are not the live part's.
    expect(versionOf(alias, "sfd_fixtures_history-20261126120000000")).toBeNull();
  });
});

describe("historyFilter", () => {
  it("shows history documents a rebuild loaded (no moved_in) and copies of moves up to the generation", () => {
    expect(historyFilter(2)).toEqual({
      bool: {
        should: [{ range: { moved_in: { lte: 2 } } }, { bool: { must_not: { exists: { field: "moved_in" } } } }],
        minimum_should_match: 1,
      },
    });
  });
});
