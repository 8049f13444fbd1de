import { describe, expect, it } from "vitest";
import { fold } from "../../../src/domain/text/fold.js";

describe("fold", () => {
  it("strips accents and lower-cases", () => {
    expect(fold("Bayern München")).toBe("bayern munchen");
    expect(fold("ŠK Slovan Bratislava")).toBe("sk slovan bratislava");
    expect(fold("İstanbul Başakşehir")).toBe("istanbul basaksehir");
  });

  it("spells out letters that have no decomposition", () => {
    expect(fold("Fußball")).toBe("fussball");
    expect(fold("Bodø/Glimt")).toBe("bodo glimt");
    expect(fold("Æ Ø Œ Đ Ł ı Þ")).toBe("ae o oe d l i th");
  });

  it("turns punctuation into single spaces and trims", () => {
    expect(fold("  1. FC   Köln ")).toBe("1 fc koln");
    expect(fold("Brighton & Hove Albion")).toBe("brighton hove albion");
    expect(fold("Paris Saint-Germain")).toBe("paris saint germain");
  });

  it("joins abbreviations and apostrophes but splits elisions", () => {
    expect(fold("D.C. United")).toBe("dc united");
    expect(fold("Queen's Park")).toBe("queens park");
    expect(fold("Newell’s Old Boys")).toBe("newells old boys");
    expect(fold("Hassania d'Agadir")).toBe("hassania d agadir");
  });

  it("keeps other scripts, including Japanese voicing marks", () => {
    expect(fold("浦和レッドダイヤモンズ")).toBe("浦和レッドダイヤモンズ");
    expect(fold("부산 아이파크")).toBe("부산 아이파크");
    expect(fold("Ｆｕｌｌ　Ｗｉｄｔｈ")).toBe("full width");
  });

  it("gives composed and decomposed input the same result", () => {
    expect(fold("Crème Brûlée".normalize("NFD"))).toBe(fold("Crème Brûlée"));
  });
});
