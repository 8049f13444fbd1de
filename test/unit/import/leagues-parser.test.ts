import { describe, expect, it } from "vitest";
import { parseLeaguesText } from "../../../src/import/openfootball/leagues-parser.js";

const SAMPLE = `= International =
uefa.cl   1992/93-   UEFA Champions League         ## note
                       | Champions League
                       | uefa.champ

= England =       ## remark
2   2004/05-    Division 1 =>  Championship
                                | EFL Championship
                                | eng.cs
2   1992/93-2003/04   Division 1
3   -1991/92          Division 3
cup.l       EFL Cup
             | $$Carabao$$ Cup     ## sponsor
             | Liga Cup [de]

= Austria =
cup     ÖFB Cup,                cup

__END__
xx, not a league,   xx
`;

describe("parseLeaguesText", () => {
  const leagues = parseLeaguesText(SAMPLE, "leagues.txt");

  it("keeps international codes and prefixes local codes with the country key", () => {
    expect(leagues.map((league) => league.code)).toEqual(["uefa.cl", "eng.2", "eng.2", "eng.3", "eng.cup.l", "at.cup"]);
    expect(leagues[0]?.country_key).toBeUndefined();
    expect(leagues[1]?.country_key).toBe("eng");
  });

  it("reads season ranges", () => {
    expect(leagues[0]?.seasons).toEqual({ from: "1992/93" });
    expect(leagues[2]?.seasons).toEqual({ from: "1992/93", until: "2003/04" });
    expect(leagues[3]?.seasons).toEqual({ until: "1991/92" });
    expect(leagues[4]?.seasons).toBeUndefined();
  });

  it("separates names, former names, alternate codes and [de] names", () => {
    expect(leagues[0]).toMatchObject({ name: "UEFA Champions League", alternate_names: ["Champions League"], alternate_codes: ["uefa.champ"] });
    expect(leagues[1]).toMatchObject({ name: "Championship", former_names: ["Division 1"], alternate_names: ["EFL Championship"], alternate_codes: ["eng.cs"] });
    expect(leagues[4]).toMatchObject({ name: "EFL Cup", alternate_names: ["Carabao Cup"], localized_names: { de: ["Liga Cup"] } });
  });

  it("drops text after a comma and stops at __END__", () => {
    expect(leagues[5]).toMatchObject({ name: "ÖFB Cup", source: { file: "leagues.txt", line: 17 } });
    expect(leagues).toHaveLength(6);
  });

  it("names file and line for an unknown country heading", () => {
    expect(() => parseLeaguesText("= Atlantis =\n1  League\n", "x.leagues.txt")).toThrow(
      'x.leagues.txt:1: unknown country heading "Atlantis"',
    );
  });
});
