import { describe, expect, it } from "vitest";
import { targetLine, verdict } from "../../../scripts/lib/target-line.js";

describe("targetLine", () => {
  it("prints the figure, the target and PASS when the figure is within it", () => {
    expect(targetLine("service/stack p50", 1.04, "<=", 1.1)).toBe("service/stack p50 1.04 (target <= 1.10) PASS");
  });

  it("fails a strict limit at the limit itself", () => {
    expect(targetLine("RSS", 150, "<", 150, " MiB", 1)).toBe("RSS 150.0 MiB (target < 150.0 MiB) FAIL");
  });

  it("fails a figure that could not be read", () => {
    expect(verdict(Number.NaN, ">=", 25)).toBe("FAIL");
    expect(targetLine("gain", Number.NaN, ">=", 25, "%", 0)).toBe("gain -% (target >= 25%) FAIL");
  });
});
