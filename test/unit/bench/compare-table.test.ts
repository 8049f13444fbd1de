import { describe, expect, it } from "vitest";
import { compareRow, tableLines } from "../../../scripts/bench/compare/table.js";

describe("bench:compare's table", () => {
  it("gives the ratio of the medians, the per-repeat ratios' range and each side's spread", () => {
    const row = compareRow("service CPU ms/request", { base: [2.0, 2.2, 2.1], head: [2.1, 2.3, 2.2] });
    expect(row.base).toBe(2.1);
    expect(row.head).toBe(2.2);
    expect(row.ratio).toBeCloseTo(2.2 / 2.1, 10);
    expect(row.ratioRange[0]).toBeCloseTo(2.3 / 2.2, 10);
    expect(row.ratioRange[1]).toBeCloseTo(2.1 / 2.0, 10);
    expect(row.spreadBase).toBeCloseTo(0.2 / 2.1, 10);
    expect(row.spreadHead).toBeCloseTo(0.2 / 2.2, 10);
  });

  it("calls a ratio inside the larger spread within noise, and one outside it higher or lower", () => {
    expect(compareRow("a", { base: [100, 110], head: [104, 112] }).verdict).toBe("within noise");
    expect(compareRow("b", { base: [100, 102], head: [120, 121] }).verdict).toBe("higher");
    expect(compareRow("c", { base: [100, 102], head: [80, 81] }).verdict).toBe("lower");
    expect(compareRow("d", { base: [100], head: [150] }).verdict).toBe("one repeat");
  });

  it("prints one line per figure under a header", () => {
    const lines = tableLines([compareRow("service RSS MiB", { base: [100, 110], head: [104, 112] })]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^figure .*this\/base/);
    expect(lines[1]).toMatch(/^service RSS MiB +105\.00 +108\.00 +1\.029 +1\.02-1\.04 +9\.5% +7\.4% +within noise$/);
  });
});
