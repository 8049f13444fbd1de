import { describe, expect, it } from "vitest";
import { parseMatchesFile } from "../../../src/import/openfootball/matches-reader.js";

const NOW = new Date("2025-06-01T00:00:00Z");

function fileText(matches: unknown[]): string {
  return JSON.stringify({ name: "English Premier League 2024/25", matches }, null, 2);
}

const PLAYED = {
  round: "Matchday 1",
  date: "2024-08-16",
  time: "20:00",
  team1: "Manchester United FC",
  team2: "Fulham FC",
  score: { ht: [0, 0], ft: [1, 0] },
};

describe("parseMatchesFile", () => {
  it("reads a file into matches with stage, round, UTC kick-off and status", () => {
    const file = parseMatchesFile(fileText([PLAYED]), "2024-25/en.1.json", NOW);
    expect(file).toMatchObject({
      file: "2024-25/en.1.json",
      code: "en.1",
      season_key: "2024-25",
      season_name: "2024/2025",
      competition_name: "English Premier League 2024/25",
      timezone: "Europe/London",
    });
    expect(file.matches[0]).toEqual({
      index: 0,
      stage: "Regular Season",
      round: "Matchday 1",
      source_round: "Matchday 1",
      date: "2024-08-16",
      time: "20:00",
      kickoff_utc: "2024-08-16T19:00:00.000Z",
      home_name: "Manchester United FC",
      away_name: "Fulham FC",
      scores: { ht: [0, 0], ft: [1, 0] },
      status: "FT",
    });
  });

  it("names the file, the match index and its line for a malformed match", () => {
    const text = fileText([PLAYED, { ...PLAYED, score: { ft: [1] } }]);
    expect(() => parseMatchesFile(text, "2024-25/en.1.json", NOW)).toThrow(
      /^2024-25\/en\.1\.json:21: match 1: score\.ft/,
    );
  });

  it("rejects unknown keys and statuses", () => {
    expect(() => parseMatchesFile(fileText([{ ...PLAYED, venue: "Old Trafford" }]), "2024-25/en.1.json", NOW)).toThrow(
      /2024-25\/en\.1\.json:\d+: match 0: .*venue/,
    );
    expect(() => parseMatchesFile(fileText([{ ...PLAYED, status: "delayed" }]), "2024-25/en.1.json", NOW)).toThrow(
      /match 0: status/,
    );
  });

  it("names the line of a JSON syntax error", () => {
    const text = '{ "name": "X 2024/25",\n  "matches": [\n    { "round": "Matchday 1", }\n  ] }';
    expect(() => parseMatchesFile(text, "2024-25/en.1.json", NOW)).toThrow(/^2024-25\/en\.1\.json:3: invalid JSON/);
  });

  it("rejects a file whose competition has no timezone or an odd season folder", () => {
    expect(() => parseMatchesFile(fileText([]), "2024-25/xx.1.json", NOW)).toThrow(/^2024-25\/xx\.1\.json: /);
    expect(() => parseMatchesFile(fileText([]), "2024-2025/en.1.json", NOW)).toThrow(/unexpected season folder/);
  });

  it("derives statuses from the source status, the result and now", () => {
    const matches = [
      { ...PLAYED, score: { ft: [1, 1], et: [2, 1] } },
      { ...PLAYED, score: { ft: [0, 3] }, status: "awarded" },
      { ...PLAYED, score: {}, status: "postponed" },
      { ...PLAYED, date: "2025-05-01", score: {} },
      { ...PLAYED, date: "2025-07-01", score: undefined },
    ];
    const file = parseMatchesFile(fileText(matches), "2024-25/en.1.json", NOW);
    expect(file.matches.map((match) => match.status)).toEqual(["FT", "AWARDED", "POSTPONED", "NO_RESULT", "NOT_STARTED"]);
    expect(file.matches[1]?.source_status).toBe("awarded");
  });

  it("takes the stage from the stage key, else the round prefix, and moves split-season year typos", () => {
    const matches = [
      { ...PLAYED, round: "Championship, Matchday 3" },
      { ...PLAYED, round: "Semifinals", stage: "Finals" },
      { ...PLAYED, round: "Regular, Matchday 2" },
      { ...PLAYED, date: "2024-01-11", time: undefined },
    ];
    const [a, b, c, d] = parseMatchesFile(fileText(matches), "2024-25/en.1.json", NOW).matches;
    expect([a?.stage, a?.round]).toEqual(["Championship", "Matchday 3"]);
    expect([b?.stage, b?.round]).toEqual(["Finals", "Semifinals"]);
    expect([c?.stage, c?.round]).toEqual(["Regular Season", "Matchday 2"]);
    expect(d).toMatchObject({ date: "2025-01-11", source_date: "2024-01-11", kickoff_utc: "2025-01-11T15:00:00.000Z" });
  });
});
