import { describe, expect, it } from "vitest";
import { describeCompetition } from "../../../src/import/openfootball/competition-codes.js";
import { buildCountry, countryByCode, countryByName } from "../../../src/import/openfootball/countries.js";
import { competitionNameWithoutSeason } from "../../../src/import/openfootball/league-builder.js";
import { lineOfArrayElement } from "../../../src/import/openfootball/json-lines.js";
import { assignShortCodes, shortCodeCandidates } from "../../../src/import/openfootball/short-codes.js";
import { IdRegistry, stableId } from "../../../src/domain/stable-id.js";

describe("describeCompetition", () => {
  it("maps football.json codes to leagues-data codes, countries and levels", () => {
    expect(describeCompetition("en.2")).toEqual({ code: "en.2", leagues_code: "eng.2", country_key: "eng", level: 2, international: false });
    expect(describeCompetition("de.1")).toMatchObject({ leagues_code: "de.1", country_key: "de", level: 1 });
    expect(describeCompetition("mls")).toMatchObject({ leagues_code: "us.1", country_key: "us", level: 1 });
    expect(describeCompetition("uefa.cl")).toMatchObject({ country_key: "europe", level: 1, international: true });
    expect(describeCompetition("copa.l")).toMatchObject({ country_key: "south-america", level: 1, international: true });
    expect(() => describeCompetition("zz.1")).toThrow(/zz\.1/);
  });
});

describe("countries", () => {
  it("finds countries by FIFA or ISO code and by heading name", () => {
    expect(countryByCode("GER")?.key).toBe("de");
    expect(countryByCode("MCO")?.key).toBe("mc");
    expect(countryByName("Österreich")?.key).toBe("at");
    expect(countryByName("Latvija")?.alpha3).toBe("LVA");
  });

  it("builds countries with names in the service's languages", () => {
    expect(buildCountry("eng")).toMatchObject({ alpha2: null, alpha3: "ENG", names: { en: "England", de: "England", fr: "Angleterre" } });
    expect(buildCountry("de").names).toEqual({ en: "Germany", de: "Deutschland", es: "Alemania", fr: "Allemagne", it: "Germania", pt: "Alemanha", nl: "Duitsland" });
    expect(buildCountry("europe")).toMatchObject({ alpha3: "EUR", is_area: true, names: { de: "Europa" } });
  });
});

describe("short codes", () => {
  it("derives sensible three-letter codes", () => {
    expect(shortCodeCandidates("Arsenal FC")[0]).toBe("ARS");
    expect(shortCodeCandidates("West Ham United FC")[0]).toBe("WHU");
    expect(shortCodeCandidates("Paris Saint-Germain FC")[0]).toBe("PSG");
    expect(shortCodeCandidates("Newcastle United FC")[0]).toBe("NEW");
    expect(shortCodeCandidates("Real Madrid CF")[0]).toBe("RMA");
    expect(shortCodeCandidates("1. FC Köln")[0]).toBe("KOL");
    expect(shortCodeCandidates("AZ")[0]).toMatch(/^[A-Z]{3}$/);
  });

  it("avoids a code taken in the same country when another candidate is free", () => {
    const teams = ["Manchester City FC", "Manchester United FC"];
    const codes = assignShortCodes(teams, (name) => name, () => "eng");
    expect(codes.get("Manchester City FC")).toBe("MAN");
    expect(codes.get("Manchester United FC")).toBe("MUN");
  });
});

describe("stable ids", () => {
  it("are positive safe integers, stable and namespaced", () => {
    const id = stableId("team", "club:eng:aston villa fc");
    expect(Number.isSafeInteger(id) && id > 0).toBe(true);
    expect(stableId("team", "club:eng:aston villa fc")).toBe(id);
    expect(stableId("league", "club:eng:aston villa fc")).not.toBe(id);
  });

  it("registry returns the same id for the same key", () => {
    const registry = new IdRegistry("team");
    expect(registry.idFor("a")).toBe(registry.idFor("a"));
  });
});

describe("competitionNameWithoutSeason", () => {
  it("drops the season and a country prefix", () => {
    expect(competitionNameWithoutSeason("English Premier League 2024/25")).toBe("English Premier League");
    expect(competitionNameWithoutSeason("Australia | A-League 2024/25")).toBe("A-League");
    expect(competitionNameWithoutSeason("Copa Libertadores 2025")).toBe("Copa Libertadores");
  });
});

describe("lineOfArrayElement", () => {
  it("finds the line of an element, ignoring brackets inside strings", () => {
    const text = '{\n "name": "[x]",\n "matches": [\n  {"a": "}"},\n  {"a": 1}\n ]\n}';
    expect(lineOfArrayElement(text, "matches", 0)).toBe(4);
    expect(lineOfArrayElement(text, "matches", 1)).toBe(5);
    expect(lineOfArrayElement(text, "matches", 2)).toBeUndefined();
  });
});
