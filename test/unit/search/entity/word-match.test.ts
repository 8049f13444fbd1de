import { describe, expect, it } from "vitest";
import { COMPLETION, FIRST_LETTER_FACTOR, matchWord, SHORT_FORM_QUALITY } from "../../../../src/search/entity/word-match.js";

describe("matchWord", () => {
  it("rates an equal word 1 and a short form just below", () => {
    expect(matchWord("arsenal", "arsenal", false)).toEqual({ quality: 1, coverage: 1 });
    expect(matchWord("utd", "united", false)).toEqual({ quality: SHORT_FORM_QUALITY, coverage: 1 });
  });

  it("rates a misspelling lower the more it costs and the shorter the word", () => {
    const one = matchWord("liverpol", "liverpool", false)!;
    const two = matchWord("livepol", "liverpool", false)!;
    expect(one.quality).toBeLessThan(1);
    expect(two.quality).toBeLessThan(one.quality);
    expect(matchWord("ajxa", "ajax", false)!.quality).toBeLessThan(matchWord("dortmnud", "dortmund", false)!.quality);
  });

  it("accepts a beginning only where the word may still be being typed", () => {
    expect(matchWord("tott", "tottenham", false)).toBeNull();
    const prefix = matchWord("tott", "tottenham", true)!;
    expect(prefix.coverage).toBeCloseTo(4 / (4 + COMPLETION));
    expect(prefix.quality).toBeLessThan(1);
  });

  it("rates an exact beginning by what was typed, not by how long the word it begins is", () => {
    // "bay": Bayer and Bayern are begun equally well; the prominence prior breaks the tie.
    expect(matchWord("bay", "bayer", true)).toEqual(matchWord("bay", "bayern", true));
    expect(matchWord("bar", "bari", true)).toEqual(matchWord("bar", "barcelona", true));
    // More letters typed is more evidence, and a whole word more than any beginning.
    expect(matchWord("baye", "bayern", true)!.quality).toBeGreaterThan(matchWord("bay", "bayern", true)!.quality);
    expect(matchWord("bayer", "bayer", true)!.quality).toBeGreaterThan(matchWord("bayer", "bayern", true)!.quality);
  });

  it("rates a beginning through a slip by the letters typed too", () => {
    expect(matchWord("livn", "livingston", true)!.coverage).toBeCloseTo(matchWord("livn", "liverpool", true)!.coverage, 10);
  });

  it("trusts the first letter: another one costs, unless it is a neighbouring key or sounds alike", () => {
    const later = matchWord("telt", "telstar", true)!;
    const first = matchWord("telt", "celtic", true)!;
    expect(first.quality).toBeLessThan(later.quality);
    expect(matchWord("hansa", "hansa", false)!.quality).toBe(1);
    expect(matchWord("wansa", "hansa", false)!.quality).toBeCloseTo((1 - (1.2 + 0.3) / 5) * FIRST_LETTER_FACTOR, 10);
    // c/k sound alike, f/ph is a spelling by ear, q/w neighbouring keys: no extra cost.
    expect(matchWord("kelt", "celt", false)!.quality).toBeGreaterThan(matchWord("cemt", "celt", false)!.quality * FIRST_LETTER_FACTOR);
    expect(matchWord("fenix", "phenix", false)!.quality).toBeGreaterThan(0.8);
  });

  it("rejects words that are too far apart", () => {
    expect(matchWord("chelsea", "arsenal", true)).toBeNull();
    expect(matchWord("ab", "xy", false)).toBeNull();
  });
});
