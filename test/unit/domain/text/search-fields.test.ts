import { describe, expect, it } from "vitest";
import { fixtureSearchFields, searchFields, trigrams } from "../../../../src/domain/text/search-fields.js";

describe("searchFields", () => {
  const fields = searchFields(["Manchester United FC", "Man Utd", "Manchester United"]);

  it("keeps every exact form for the exact lookup and the scorer", () => {
    expect(fields.names).toEqual(["manchester united fc", "man utd", "manchester united"]);
  });

  it("indexes every word with its canonical form", () => {
    expect(fields.words.split(" ").sort()).toEqual(["fc", "man", "manchester", "united", "utd"]);
  });

  it("keeps the beginnings of every word, from 3 letters, for slips while typing", () => {
    const prefixes = fields.prefixes.split(" ");
    expect(prefixes).toEqual(expect.arrayContaining(["man", "manc", "manchester", "uni", "utd"]));
    expect(prefixes).not.toContain("ma");
  });

  it("writes each form and its core as one word, with start-padded trigrams", () => {
    expect(fields.compact).toEqual(["manchesterunitedfc", "manchesterunited", "manutd"]);
    expect(fields.grams.split(" ")).toEqual(expect.arrayContaining(["_ma", "man", "utd", "dfc"]));
  });
});

describe("trigrams", () => {
  it("pads the start only", () => {
    expect(trigrams("spurs")).toEqual(["_sp", "spu", "pur", "urs"]);
    expect(trigrams("a")).toEqual([]);
  });
});

describe("fixtureSearchFields", () => {
  it("keeps each side's forms apart and both sides' words together", () => {
    const fields = fixtureSearchFields(["Arsenal FC", "Arsenal"], ["Chelsea FC"]);
    expect(fields.home).toEqual(["arsenal fc", "arsenal"]);
    expect(fields.away).toEqual(["chelsea fc"]);
    expect(fields.teams.split(" ")).toEqual(expect.arrayContaining(["arsenal", "chelsea", "fc"]));
    expect(fields.grams.split(" ")).toEqual(expect.arrayContaining(["_ar", "_ch"]));
  });
});
