import { describe, expect, it } from "vitest";
import { newVersion } from "../../../src/store/index-versions.js";

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
