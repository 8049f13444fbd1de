import { describe, expect, it } from "vitest";
import { CODE_SCORE, EntityScore, type ScorableEntity } from "../../../../src/search/entity/entity-score.js";
import { QueryMatcher } from "../../../../src/search/entity/name-score.js";
import { queryText } from "../../../../src/search/entity/query-text.js";
import { exactFormsOf } from "../../../../src/domain/text/name-forms.js";

const entity = (names: string[], extra: Partial<ScorableEntity> = {}): ScorableEntity => ({
  forms: exactFormsOf(names),
  context: [],
  codes: [],
  ...extra,
});
const spurs = entity(["Tottenham Hotspur FC", "Tottenham", "Spurs"], { context: ["england"], codes: ["tot"] });
const villa = entity(["Aston Villa FC", "Aston Villa", "Villa"]);
const westHam = entity(["West Ham United FC", "West Ham"]);
const bayern = entity(["FC Bayern München", "Bayern München"]);
const manUtd = entity(["Manchester United FC", "Man Utd", "Manchester United"]);

function score(q: string, target: ScorableEntity): number {
  const scorer = new EntityScore(new QueryMatcher(queryText(q)), target);
  const value = scorer.score();
  expect(value).toBeLessThanOrEqual(scorer.bound);
  return value;
}

describe("entity score", () => {
  it("reads a word being typed as the beginning of the country's name too, from three letters", () => {
    const austrian = entity(["Bundesliga"], { context: ["osterreich", "austria"] });
    const german = entity(["Bundesliga"], { context: ["deutschland", "germany"] });
    expect(score("osterr bundesliga", austrian)).toBeGreaterThan(score("osterr bundesliga", german));
    expect(score("bundesliga au", austrian)).toBe(score("bundesliga au", german));
  });

  it("is 1 exactly when the folded query equals a name, alternate name or transliteration", () => {
    expect(score("SPURS", spurs)).toBe(1);
    expect(score("tottenham hotspur fc", spurs)).toBe(1);
    expect(score("bayern muenchen", bayern)).toBe(1);
    expect(score("tottenham hotspur", spurs)).toBeLessThan(1);
  });

  it("gives a one-word code its own score", () => {
    expect(score("tot", spurs)).toBe(CODE_SCORE);
  });

  it("ranks close variants above partial and far ones, all in (0, 1)", () => {
    const cases = ["tottenham hotspr", "hotspur", "tott", "tottemh", "spurs england", "hotspur tottenham"];
    for (const q of cases) {
      const value = score(q, spurs);
      expect(value, q).toBeGreaterThan(0.5);
      expect(value, q).toBeLessThan(1);
    }
    expect(score("tottenham hotspr", spurs)).toBeGreaterThan(score("hotspur", spurs));
    expect(score("tott", spurs)).toBeLessThan(score("totten", spurs));
  });

  it("handles words run together, another word order, short forms and exonyms", () => {
    expect(score("astonvilla", villa)).toBeGreaterThan(0.9);
    expect(score("westham", westHam)).toBeGreaterThan(0.9);
    expect(score("villa aston", villa)).toBeGreaterThan(0.9);
    expect(score("man united", manUtd)).toBeGreaterThan(0.9);
    expect(score("bayern munich", bayern)).toBeGreaterThan(0.9);
    expect(score("man untd", manUtd)).toBeGreaterThan(score("man untd", entity(["Manchester City FC", "Man City"])));
  });

  it("does not depend on anything but the query and the entity", () => {
    const alone = score("borussia dortmnud", entity(["Borussia Dortmund"]));
    const matcher = new QueryMatcher(queryText("borussia dortmnud"));
    new EntityScore(matcher, entity(["Borussia Mönchengladbach"])).score();
    expect(new EntityScore(matcher, entity(["Borussia Dortmund"])).score()).toBe(alone);
  });

  it("scores 0 for an empty query", () => {
    expect(score("!!!", spurs)).toBe(0);
  });
});
