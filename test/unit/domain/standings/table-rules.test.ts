import { describe, expect, it } from "vitest";
import { positionNote } from "../../../../src/domain/standings/table-rules.js";

describe("positionNote", () => {
  it("notes the main stage of a configured league only", () => {
    expect(positionNote("de.1", null, 16, 18)).toBe("Relegation Play-off");
    expect(positionNote("uefa.cl", "League", 9, 36)).toBe("Knockout Round Play-offs");
    expect(positionNote("uefa.cl", "League", 25, 36)).toBeNull();
    expect(positionNote("en.1", "Relegation", 1, 6)).toBeNull();
    expect(positionNote("at.1", null, 1, 12)).toBeNull();
  });

  it("never marks a place that a smaller table lacks", () => {
    expect(positionNote("en.1", null, 6, 6)).toBe("UEFA Conference League Qualifiers");
    expect(positionNote("en.1", null, 5, 5)).toBe("UEFA Europa League");
    expect(positionNote("en.1", null, 4, 4)).toBe("UEFA Champions League");
    // Relegation covers 18-20: a 19-team table has no such block.
    expect(positionNote("en.1", null, 18, 19)).toBeNull();
  });
});
