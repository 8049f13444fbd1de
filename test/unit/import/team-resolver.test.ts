import { describe, expect, it } from "vitest";
import { parseClubsText } from "../../../src/import/openfootball/clubs-parser.js";
import { parseMatchesFile, type SourceFile } from "../../../src/import/openfootball/matches-reader.js";
import { stableId } from "../../../src/domain/stable-id.js";
import { resolveTeams } from "../../../src/import/openfootball/team-resolver.js";

const NOW = new Date("2026-01-01T00:00:00Z");
const CLUBS = [
  ...parseClubsText(
    `Aston Villa FC, 1874, Birmingham
  | Aston Villa | Villa
Watford FC, Watford
  | Watford
AFC Wimbledon, London
Arsenal FC, London
Cardiff City FC, Cardiff
  | Cardiff City
`,
    "eng.clubs.txt",
    "eng",
  ),
  ...parseClubsText("Bayern München, München\n  | FC Bayern München\n  | Bayern Munich [en]\n", "de.clubs.txt", "de"),
];

type Pair = [home: string, away: string, round?: string];

function file(path: string, pairs: Pair[]): SourceFile {
  const matches = pairs.map(([team1, team2, round = "Matchday 1"]) => ({ round, date: "2025-09-01", team1, team2 }));
  return parseMatchesFile(JSON.stringify({ name: "Test", matches }), path, NOW);
}

describe("resolveTeams", () => {
  const files = [
    file("2024-25/en.1.json", [["Aston Villa FC", "Arsenal FC"]]),
    file("2024-25/uefa.cl.json", [["Aston Villa FC (ENG)", "FC Bayern München (GER)"]]),
    file("2025-26/en.2.json", [
      ["Watford", "Some New FC", "Matchday 1"],
      ["Watford FC", "Cardiff City", "Matchday 2"],
    ]),
    file("2025-26/en.3.json", [
      ["AFC", "Cardiff City FC", "Matchday 1"],
      ["AFC Wimbledon", "Arsenal FC", "Matchday 2"],
    ]),
  ];
  const resolution = resolveTeams(files, CLUBS);
  const id = (code: string, name: string): number | undefined => resolution.teamId(code, name);

  it("gives a club one id across competitions, country suffixes and spellings", () => {
    expect(id("en.1", "Aston Villa FC")).toBe(id("uefa.cl", "Aston Villa FC (ENG)"));
    expect(id("en.2", "Watford")).toBe(id("en.2", "Watford FC"));
    expect(id("en.3", "AFC")).toBe(id("en.3", "AFC Wimbledon"));
    expect(id("en.2", "Cardiff City")).toBe(id("en.3", "Cardiff City FC"));
  });

  it("derives ids from the team key", () => {
    const villa = resolution.teams.find((team) => team.key === "club:eng:aston villa fc");
    expect(villa?.id).toBe(stableId("team", "club:eng:aston villa fc"));
    expect(villa).toMatchObject({ name: "Aston Villa FC", country: { alpha3: "ENG" }, national_team: false });
    expect(villa?.alternate_names).toEqual(["Aston Villa", "Villa"]);
  });

  it("carries localized names and keeps unknown names as teams of their own", () => {
    const bayern = resolution.teams.find((team) => team.id === id("uefa.cl", "FC Bayern München (GER)"));
    expect(bayern).toMatchObject({ name: "FC Bayern München", localized_names: { en: ["Bayern Munich"] }, country: { key: "de" } });
    expect(resolution.unresolved_names).toEqual([{ name: "Some New FC", country_key: "eng", files: ["2025-26/en.2.json"] }]);
    expect(resolution.teams.find((team) => team.key === "name:eng:some new fc")?.club).toBeUndefined();
  });

  it("fails when two spellings of one team play in the same round", () => {
    const clash = file("2025-26/en.2.json", [
      ["Watford", "Arsenal FC"],
      ["Watford FC", "Aston Villa FC"],
    ]);
    expect(() => resolveTeams([clash], CLUBS)).toThrow(/2025-26\/en\.2\.json: "Watford" and "Watford FC" resolve to one team/);
  });
});
