import { describe, expect, it } from "vitest";
import { canonicalWord, coreName, wordKind, wordWeight } from "../../../../src/domain/text/name-words.js";

describe("name words", () => {
  it("tells club-form words, particles and numbers from content words", () => {
    expect(["fc", "afc", "cf", "sc", "club"].map(wordKind)).toEqual(["club", "club", "club", "club", "club"]);
    expect(["de", "the", "y"].map(wordKind)).toEqual(["particle", "particle", "particle"]);
    expect(wordKind("1899")).toBe("number");
    expect(wordKind("arsenal")).toBe("content");
  });

  it("weighs light words and single letters less than content words", () => {
    expect(wordWeight("arsenal")).toBe(1);
    expect(wordWeight("fc")).toBeLessThan(0.5);
    expect(wordWeight("a")).toBeLessThan(0.5);
  });

  it("maps short forms and exonyms to one spelling", () => {
    expect(canonicalWord("utd")).toBe("united");
    expect(canonicalWord("st")).toBe(canonicalWord("sankt"));
    expect(canonicalWord("munich")).toBe("munchen");
    expect(canonicalWord("arsenal")).toBe("arsenal");
  });

  it("strips a folded name to its content words", () => {
    expect(coreName("1 fc koln")).toBe("koln");
    expect(coreName("club atletico de madrid")).toBe("atletico madrid");
    expect(coreName("fc")).toBeNull();
  });
});
