import { describe, expect, it } from "vitest";
import { alreadyApplied } from "../../../src/live/feed-mark.js";

describe("alreadyApplied (one update written at most once)", () => {
  const stored = { key: "1H|30|1:30:-|1|||false|", clock_unix: 1_800 };

  it("is false for a fixture no feed has written yet", () => {
    expect(alreadyApplied(undefined, stored)).toBe(false);
  });

  it("is true for the update the stored state already is, at any later match second", () => {
    expect(alreadyApplied(stored, { ...stored })).toBe(true);
    expect(alreadyApplied(stored, { key: stored.key, clock_unix: 1_830 })).toBe(true);
  });

  it("is true for an update projected at the stored second or before it (a late writer's), whatever its key", () => {
    expect(alreadyApplied(stored, { key: "1H|29|1:29:-|1|||false|", clock_unix: 1_799 })).toBe(true);
    expect(alreadyApplied(stored, { key: "other", clock_unix: 1_800 })).toBe(true);
  });

  it("is false for the next update", () => {
    expect(alreadyApplied(stored, { key: "1H|31|1:31:-|1|||false|", clock_unix: 1_860 })).toBe(false);
  });
});
