import { describe, expect, it } from "vitest";
import { parseClubHistoryText } from "../../../src/import/openfootball/club-history-parser.js";
import { langFromFileCode, parseClubLangText } from "../../../src/import/openfootball/club-lang-parser.js";
import { parseClubsText } from "../../../src/import/openfootball/clubs-parser.js";
import { OpenfootballSourceError } from "../../../src/import/openfootball/source-error.js";

const SAMPLE = `====================================
=  England

#  note: a comment line

Arsenal FC, 1886, @ Emirates Stadium, London (Highbury)   ## Greater London
  | Arsenal | FC Arsenal
  | The Arsenal FC       # old name before season 1927/8
Thames AFC (1928-1932),  London  ## London-Custom House
  | Thames

== Bayern ==
Bayern München, 1900,    @ Allianz Arena,   München
  | Bayern | FC Bayern München
  | Bayern Munich [en] | $$Sponsor$$ Bayern [de]
 Säbener Straße 51-57 // 81547 München
ii) Bayern München II
  | Bayern II
FC Pasching,   2007        Linz (Pasching)
VfV Hildesheim,     Hildesheim
  VfV 06 Hildesheim
FC Gambarogno-Contone | FC Gambarogno
`;

describe("parseClubsText", () => {
  const clubs = parseClubsText(SAMPLE, "europe/england/eng.clubs.txt", "eng");

  it("reads name, founding year, stadium, city and district", () => {
    expect(clubs[0]).toMatchObject({
      name: "Arsenal FC",
      founded: 1886,
      stadium: "Emirates Stadium",
      city: "London",
      district: "Highbury",
      country_key: "eng",
      source: { file: "europe/england/eng.clubs.txt", line: 6 },
    });
  });

  it("collects alternates from | lines without comments", () => {
    expect(clubs[0]?.alternate_names).toEqual(["Arsenal", "FC Arsenal", "The Arsenal FC"]);
  });

  it("reads the years of a defunct club out of its name", () => {
    expect(clubs[1]).toMatchObject({ name: "Thames AFC", active_from: 1928, active_until: 1932, city: "London" });
  });

  it("keeps [xx]-tagged names as localized names and drops sponsor marks", () => {
    expect(clubs[2]?.alternate_names).toEqual(["Bayern", "FC Bayern München"]);
    expect(clubs[2]?.localized_names).toEqual({ en: ["Bayern Munich"], de: ["Sponsor Bayern"] });
  });

  it("ignores address lines and reads ii) lines as reserve teams", () => {
    expect(clubs[3]).toMatchObject({ name: "Bayern München II", reserve_of: "Bayern München", alternate_names: ["Bayern II"] });
  });

  it("tolerates a missing comma after the year", () => {
    expect(clubs[4]).toMatchObject({ name: "FC Pasching", founded: 2007, city: "Linz", district: "Pasching" });
  });

  it("reads indented lines without a comma as alternates, and alternates on the club line", () => {
    expect(clubs[5]?.alternate_names).toEqual(["VfV 06 Hildesheim"]);
    expect(clubs[6]).toMatchObject({ name: "FC Gambarogno-Contone", alternate_names: ["FC Gambarogno"] });
  });

  it("names file and line when alternates come before any club", () => {
    expect(() => parseClubsText("= X\n\n  | Orphan\n", "x/xx.clubs.txt", "de")).toThrow(
      new OpenfootballSourceError({ file: "x/xx.clubs.txt", line: 3 }, "alternate names before any club"),
    );
    expect(() => parseClubsText("  | Orphan\n", "x/xx.clubs.txt", "de")).toThrow(/x\/xx\.clubs\.txt:1: /);
  });
});

describe("parseClubLangText", () => {
  it("reads name and localized name and maps the file's code to a language", () => {
    const entries = parseClubLangText("# J1 teams\n\nKashima Antlers,    鹿島アントラーズ\nGhazl,  نادي_غزل\n", "jp.txt", langFromFileCode("jp"));
    expect(entries).toEqual([
      { name: "Kashima Antlers", localized_name: "鹿島アントラーズ", lang: "ja", source: { file: "jp.txt", line: 3 } },
      { name: "Ghazl", localized_name: "نادي غزل", lang: "ja", source: { file: "jp.txt", line: 4 } },
    ]);
  });

  it("rejects a line without a localized name", () => {
    expect(() => parseClubLangText("Kashima Antlers\n", "jp.txt", "ja")).toThrow(/jp\.txt:1: /);
  });
});

describe("parseClubHistoryText", () => {
  it("reads renames, also continuation lines, and skips merges", () => {
    const text = `= England
== 1925/6
RENAME      Millwall Athletic FC, London ⇒  Millwall FC
            Stoke FC, Stoke-on-Trent     ⇒  Stoke City FC

MERGE       Rotherham County FC, Rotherham
            Rotherham Town FC,   Rotherham
              ⇒ Rotherham United FC
`;
    const renames = parseClubHistoryText(text, "eng.clubs.history.txt");
    expect(renames.map(({ old_name, new_name, season }) => ({ old_name, new_name, season }))).toEqual([
      { old_name: "Millwall Athletic FC", new_name: "Millwall FC", season: "1925/6" },
      { old_name: "Stoke FC", new_name: "Stoke City FC", season: "1925/6" },
    ]);
  });
});
