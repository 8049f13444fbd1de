import { describe, expect, it } from "vitest";
import { ClubNameIndex, coreName } from "../../../src/import/openfootball/club-name-index.js";
import { parseClubsText } from "../../../src/import/openfootball/clubs-parser.js";

const ENGLAND = parseClubsText(
  `Watford FC, 1881, Watford
  | Watford
Leyton Orient FC, London
  | Leyton Orient
Botafogo SP, Ribeirão Preto
  | Botafogo FC
`,
  "eng.clubs.txt",
  "eng",
);
const BRAZIL = parseClubsText(
  `Botafogo RJ, Rio de Janeiro
  | Botafogo | Botafogo FR
Clube do Remo,  1905,  Belém
  | Remo
Grêmio Novorizontino, Novo Horizonte
  | Novorizontino SP
Grêmio, Porto Alegre
Rapid Wien, Wien
`,
  "br.clubs.txt",
  "br",
);
const GREECE = parseClubsText("AE Kifisia FC, Athens\n  | AE Kifisia\nAuckland City FC, Auckland\n", "gr.clubs.txt", "gr");
const index = new ClubNameIndex([...ENGLAND, ...BRAZIL, ...GREECE]);

describe("coreName", () => {
  it("drops club-form words and bare numbers", () => {
    expect(coreName("1. FC St. Pauli 1910")).toBe("st pauli");
    expect(coreName("Club Atlético de Madrid")).toBe("atletico madrid");
    expect(coreName("AFC")).toBe("");
  });
});

describe("ClubNameIndex.find", () => {
  it("matches canonical and alternate names in the hinted countries only", () => {
    expect(index.find("Watford FC", ["eng"])).toMatchObject({ club: { name: "Watford FC" }, level: "name" });
    expect(index.find("WATFORD", ["eng"])).toMatchObject({ club: { name: "Watford FC" }, level: "alternate" });
    expect(index.find("Watford", ["br"])).toBeUndefined();
  });

  it("matches the core, but not when two clubs share it", () => {
    expect(index.find("Leyton Orient AFC", ["eng"])).toMatchObject({ club: { name: "Leyton Orient FC" }, level: "core" });
    expect(index.find("Botafogo FC", ["br"])).toMatchObject({ club: { name: "Botafogo RJ" } });
    expect(index.find("Botafogo FC", ["eng"])).toMatchObject({ club: { name: "Botafogo SP" } });
  });

  it("matches one typo in a long word", () => {
    expect(index.find("AE Kifisias", ["gr"])).toMatchObject({ club: { name: "AE Kifisia FC" }, level: "fuzzy" });
  });

  it("matches a subset with short extra words, preferring the most shared words", () => {
    expect(index.find("Remo PA", ["br"])).toMatchObject({ club: { name: "Clube do Remo" }, level: "subset" });
    expect(index.find("Grêmio Novorizontino SP", ["br"])).toMatchObject({ club: { name: "Grêmio Novorizontino" } });
  });

  it("does not treat longer extra words or reserve marks as the same club", () => {
    expect(index.find("Auckland FC", ["gr"])).toBeUndefined();
    expect(index.find("Rapid Wien II", ["br"])).toBeUndefined();
    expect(index.find("Leyton", ["eng"])).toBeUndefined();
  });
});
