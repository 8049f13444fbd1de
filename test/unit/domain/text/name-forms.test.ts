import { describe, expect, it } from "vitest";
import { exactForms, exactFormsOf } from "../../../../src/domain/text/name-forms.js";

describe("exactForms", () => {
  it("folds case, accents and punctuation", () => {
    expect(exactForms("Atlético Madrid")).toEqual(["atletico madrid"]);
    expect(exactForms("Newell's Old Boys")).toEqual(["newells old boys"]);
  });

  it("adds the transliteration of umlauts and Nordic letters", () => {
    expect(exactForms("FC Bayern München")).toEqual(["fc bayern munchen", "fc bayern muenchen"]);
    expect(exactForms("1. FC Köln")).toEqual(["1 fc koln", "1 fc koeln"]);
    expect(exactForms("Bodø/Glimt")).toEqual(["bodo glimt", "bodoe glimt"]);
  });

  it("treats a decomposed umlaut like a composed one", () => {
    expect(exactForms("Mu\u0308nchen")).toEqual(["munchen", "muenchen"]);
  });
});

describe("exactFormsOf", () => {
  it("drops empty and repeated forms, keeping the first-seen order", () => {
    expect(exactFormsOf(["Arsenal FC", "ARSENAL FC", "", "...", "Arsenal"])).toEqual(["arsenal fc", "arsenal"]);
  });
});
