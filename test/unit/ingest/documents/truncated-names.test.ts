import { describe, expect, it } from "vitest";
import { isTruncatedName, withoutTruncatedNames } from "../../../../src/ingest/documents/truncated-names.js";

describe("truncated alternate names", () => {
  it("finds a word cut short with a dot, anywhere in the name", () => {
    expect(isTruncatedName("Bay. Leverkusen")).toBe(true);
    expect(isTruncatedName("Bayern Mün.")).toBe(true);
    expect(isTruncatedName("Atl. Mineiro")).toBe(true);
  });

  it("keeps standard abbreviations, known short forms, ordinals and names without cuts", () => {
    expect(isTruncatedName("St. Pauli")).toBe(false);
    expect(isTruncatedName("B. Leverkusen")).toBe(false);
    expect(isTruncatedName("Sheffield Utd.")).toBe(false);
    expect(isTruncatedName("1. FC Köln")).toBe(false);
    expect(isTruncatedName("Bayer Leverkusen")).toBe(false);
  });

  it("leaves the full spellings of a team in its search names", () => {
    expect(withoutTruncatedNames(["Leverk.", "Leverkusen", "Bayer", "Bay. Leverkusen", "Bayer Leverkusen"])).toEqual([
      "Leverkusen",
      "Bayer",
      "Bayer Leverkusen",
    ]);
  });
});
