import { describe, expect, it } from "vitest";
import { matchWord, SHORT_FORM_QUALITY } from "../../../../src/search/entity/word-match.js";

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
    expect(prefix.coverage).toBeCloseTo(4 / 9);
    expect(prefix.quality).toBeLessThan(1);
  });

  it("rejects words that are too far apart", () => {
    expect(matchWord("chelsea", "arsenal", true)).toBeNull();
    expect(matchWord("ab", "xy", false)).toBeNull();
  });
});
