import { describe, expect, it } from "vitest";
import { deletionVariants } from "../../../../src/domain/text/deletion-variants.js";

const shareVariant = (a: string, b: string) => {
  const mine = new Set(deletionVariants(a));
  return deletionVariants(b).some((variant) => mine.has(variant));
};

describe("deletionVariants", () => {
  it("lists the word and each way of leaving out one or two letters, once each", () => {
    const variants = deletionVariants("necaxa");
    expect(variants).toContain("necaxa");
    expect(variants).toContain("ecaxa");
    expect(variants).toContain("ecxa");
    expect(new Set(variants).size).toBe(variants.length);
    // 1 + 6 one-letter deletions + 15 two-letter ones, less the repeats the two a's make.
    expect(variants.length).toBeLessThanOrEqual(22);
  });

  it("keeps no variant under 4 letters, and nothing for a word under 4 letters", () => {
    expect(deletionVariants("palermo").every((variant) => variant.length >= 4)).toBe(true);
    expect(deletionVariants("bari").sort()).toEqual(["bari"]);
    expect(deletionVariants("roma").sort()).toEqual(["roma"]);
    expect(deletionVariants("psg")).toEqual([]);
  });

  it("gives two words within two slips a variant in common", () => {
    // Two wrong letters, two missing, a swap and a wrong one, an extra and a wrong one.
    for (const [typed, word] of [["mecwxa", "necaxa"], ["pwlefmo", "palermo"], ["tottnhm", "tottenham"], ["barcleonna", "barcelona"], ["lievrpool", "liverpool"]] as const) {
      expect(shareVariant(typed, word), `${typed} / ${word}`).toBe(true);
    }
  });

  it("gives words three wrong letters apart no variant in common", () => {
    expect(shareVariant("abcxyzgh", "abcdefgh")).toBe(false);
  });
});
