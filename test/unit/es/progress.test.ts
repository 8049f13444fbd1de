import { describe, expect, it } from "vitest";
import { createProgressReporter, formatProgress } from "../../../scripts/es/progress.js";

describe("createProgressReporter", () => {
  it("logs one line per 5% however small the chunks are", () => {
    const lines: string[] = [];
    const report = createProgressReporter(1_000_000, (line) => lines.push(line), () => 0);
    for (let received = 1000; received <= 1_000_000; received += 1000) report(received);
    expect(lines).toHaveLength(20);
    expect(lines.at(-1)).toContain("100%");
  });

  it("stays silent until the first step is crossed", () => {
    const lines: string[] = [];
    const report = createProgressReporter(100, (line) => lines.push(line));
    report(4);
    expect(lines).toEqual([]);
  });
});

describe("formatProgress", () => {
  it("shows percent, megabytes and the rate", () => {
    expect(formatProgress(52_428_800, 104_857_600, 2000)).toBe("   50%  50.0 / 100.0 MB  (25.0 MB/s)");
  });
});
