import { describe, expect, it } from "vitest";
import { parseRebuildArgs } from "../../../scripts/rebuild.js";

describe("npm run rebuild's arguments", () => {
  it("is nightly in one thread by default, full with --full, in K fixture workers with --workers K", () => {
    expect(parseRebuildArgs(["--source", "synthetic", "--leagues", "3"])).toEqual({ options: { source: "synthetic", leagues: 3 }, mode: "nightly", workers: 1 });
    expect(parseRebuildArgs(["--source", "synthetic", "--full", "--workers", "4"])).toEqual({ options: { source: "synthetic" }, mode: "full", workers: 4 });
  });

  it("refuses a number of workers that is not a whole number from 1 to 64, and options it does not know", () => {
    for (const workers of ["0", "1.5", "65", "two"]) {
      expect(() => parseRebuildArgs(["--source", "synthetic", "--workers", workers])).toThrow(`--workers must be a whole number from 1 to 64, got "${workers}"`);
    }
    expect(() => parseRebuildArgs(["--source", "synthetic", "--worker", "2"])).toThrow(/Unknown option '--worker'/);
  });
});
