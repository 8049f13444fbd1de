import { describe, expect, it } from "vitest";
import {
  correctSplitSeasonYear,
  deriveStageAndRound,
  deriveStatus,
  seasonNameFromKey,
} from "../../../src/import/openfootball/match-derivation.js";

describe("deriveStageAndRound", () => {
  it("prefers the stage key, then the round prefix, then the regular season", () => {
    expect(deriveStageAndRound("Final", "Europa League Finals")).toEqual({ stage: "Europa League Finals", round: "Final" });
    expect(deriveStageAndRound("Apertura Playoffs, Quarterfinals", undefined)).toEqual({
      stage: "Apertura Playoffs",
      round: "Quarterfinals",
    });
    expect(deriveStageAndRound("1. Round", undefined)).toEqual({ stage: "Regular Season", round: "1. Round" });
    expect(deriveStageAndRound("Matchday 4", "Regular")).toEqual({ stage: "Regular Season", round: "Matchday 4" });
  });
});

describe("deriveStatus", () => {
  const now = new Date("2025-01-01T12:00:00Z");
  it("is FT for a result, also after penalties, and the source status when given", () => {
    expect(deriveStatus(undefined, true, "2024-12-01T20:00:00.000Z", now)).toBe("FT");
    expect(deriveStatus("abandoned", false, "2024-12-01T20:00:00.000Z", now)).toBe("ABANDONED");
    expect(deriveStatus("cancelled", false, "2025-02-01T20:00:00.000Z", now)).toBe("CANCELLED");
  });

  it("is NO_RESULT before now and NOT_STARTED after it without a result", () => {
    expect(deriveStatus(undefined, false, "2025-01-01T11:59:00.000Z", now)).toBe("NO_RESULT");
    expect(deriveStatus(undefined, false, "2025-01-01T12:00:00.000Z", now)).toBe("NOT_STARTED");
  });
});

describe("season helpers", () => {
  it("names split and calendar seasons", () => {
    expect(seasonNameFromKey("2024-25")).toBe("2024/2025");
    expect(seasonNameFromKey("1999-00")).toBe("1999/2000");
    expect(seasonNameFromKey("2025")).toBe("2025");
    expect(seasonNameFromKey("2025-2026")).toBeUndefined();
  });

  it("moves a date before a split season's July by one year only when that fits the season", () => {
    expect(correctSplitSeasonYear("2025-01-10", "2025-26")).toBe("2026-01-10");
    expect(correctSplitSeasonYear("2025-08-10", "2025-26")).toBeUndefined();
    expect(correctSplitSeasonYear("2023-08-10", "2025-26")).toBeUndefined();
    expect(correctSplitSeasonYear("2025-01-10", "2025")).toBeUndefined();
  });
});
