import { describe, expect, it } from "vitest";
import { fixtureQuery, IMPLICIT_SPLIT_FACTOR, ONE_TEAM_FACTOR, scoreFixture } from "../../../../src/search/entity/fixture-score.js";
import { QueryMatcher } from "../../../../src/search/entity/name-score.js";
import { exactFormsOf } from "../../../../src/domain/text/name-forms.js";

const fixture = { home: exactFormsOf(["Arsenal FC", "Arsenal"]), away: exactFormsOf(["Chelsea FC", "Chelsea"]) };
const other = { home: exactFormsOf(["Arsenal FC", "Arsenal"]), away: exactFormsOf(["Everton FC", "Everton"]) };

function score(q: string, target = fixture): number {
  const query = fixtureQuery(q);
  return scoreFixture(query, target, new QueryMatcher(query.whole));
}

describe("fixture score", () => {
  it("splits the query at vs, v, versus or a spaced dash, and reads the teams in either order", () => {
    expect(fixtureQuery("Arsenal - Chelsea").sides?.map((side) => side.folded)).toEqual(["arsenal", "chelsea"]);
    expect(fixtureQuery("Saint-Etienne v Lyon").sides?.map((side) => side.folded)).toEqual(["saint etienne", "lyon"]);
    for (const q of ["arsenal vs chelsea", "Chelsea v Arsenal", "chelsea fc - arsenal", "arsenal versus chelsea"]) expect(score(q), q).toBe(1);
  });

  it("finds the split itself without a separator, a little lower unless both names are exact", () => {
    expect(score("arsenal chelsea")).toBe(1);
    const typo = score("arsenal chelsae");
    expect(typo).toBeLessThan(score("arsenal v chelsae"));
    expect(typo).toBeCloseTo(score("arsenal v chelsae") * IMPLICIT_SPLIT_FACTOR, 5);
  });

  it("scores a query naming one team below one naming both", () => {
    expect(score("arsenal")).toBeCloseTo(ONE_TEAM_FACTOR, 5);
    expect(score("arsenal", other)).toBe(score("arsenal"));
    expect(score("arsenal chelsea", other)).toBeLessThan(score("arsenal chelsea"));
  });

  it("ignores a separator typed with nothing after it yet", () => {
    expect(score("arsenal vs")).toBe(score("arsenal"));
  });
});
