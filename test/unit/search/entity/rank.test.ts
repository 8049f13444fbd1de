import type { estypes } from "@elastic/elasticsearch";
import { describe, expect, it } from "vitest";
import type { TeamHit } from "../../../../src/search/entity/documents.js";
import { EntityScore } from "../../../../src/search/entity/entity-score.js";
import { QueryMatcher } from "../../../../src/search/entity/name-score.js";
import { priorTrust, withPrior } from "../../../../src/search/entity/prior.js";
import { queryText } from "../../../../src/search/entity/query-text.js";
import { EntityRanker, MIN_SCORE } from "../../../../src/search/entity/rank.js";
import { exactFormsOf } from "../../../../src/domain/text/name-forms.js";

const TEAMS: Array<[string, string[], number, string?]> = [
  ["Newcastle United FC", ["Newcastle", "Newcastle United"], 0.56],
  ["Newcastle United Jets", ["Newcastle", "Newcastle Jets"], 0.29],
  ["Manchester United FC", ["Man Utd", "Manchester United"], 0.55],
  ["Manchester City FC", ["Man City", "Manchester City"], 0.88],
  ["Leeds United FC", ["Leeds", "Leeds United"], 0.52],
  ["West Ham United FC", ["West Ham"], 0.5],
  ["Tottenham Hotspur FC", ["Tottenham", "Spurs"], 0.55],
  ["Aston Villa FC", ["Aston Villa", "Villa"], 0.92],
  ["Villarreal CF", ["Villarreal"], 0.56],
  ["Sheffield United FC", ["Sheffield Utd."], 0.2],
  // Their search names as a rebuild writes them: "Bay. Leverkusen" and "Bayern Mün." left out.
  ["Bayer 04 Leverkusen", ["Leverkusen", "Bayer", "Bayer Leverkusen"], 0.887, "B04"],
  ["FC Bayern München", ["Bayern München", "Bayern", "FC Bayern"], 0.958, "FCB"],
  ["Telstar 1963", ["Telstar"], 0.33],
  ["Celtic FC", ["Celtic"], 0.72],
];

function hit(index: number): estypes.SearchHit<TeamHit> {
  const [name, alternates, prior, code] = TEAMS[index]!;
  return {
    _index: "teams",
    _id: String(index + 1),
    _source: {
      id: index + 1,
      name,
      short_code: code ?? name.slice(0, 3).toUpperCase(),
      national_team: false,
      country: { id: 1, name: "England", alpha3: "ENG" },
      search: { names: exactFormsOf([name, ...alternates]), prior },
    },
  };
}
const hits = TEAMS.map((_, index) => hit(index));

/** Every candidate scored in full, then sorted: what the ranker must reproduce. */
function bruteForce(q: string, limit: number): Array<[number, number]> {
  const matcher = new QueryMatcher(queryText(q));
  return hits
    .map((h) => ({ doc: h._source!, forms: h._source!.search?.names ?? [], prior: h._source!.search?.prior ?? 0 }))
    .map((entry) => ({ ...entry, text: new EntityScore(matcher, { forms: entry.forms, context: ["england"], codes: [entry.doc.short_code.toLowerCase()] }).scoreParts() }))
    .filter((entry) => entry.text.score >= MIN_SCORE)
    .map((entry) => ({ ...entry, score: withPrior(entry.text.score, entry.prior, entry.text.quality), tiePrior: entry.prior * priorTrust(entry.text.quality) }))
    .sort((a, b) => b.score - a.score || b.tiePrior - a.tiePrior || a.doc.name.length - b.doc.name.length || a.doc.id - b.doc.id)
    .slice(0, limit)
    .map((entry) => [entry.doc.id, entry.score]);
}

describe("EntityRanker", () => {
  it.each(["newc", "united", "man utd", "villa", "vila", "ham", "manchester", "tottenahm", "sheffield united", "bay", "telt", "zzz"])(
    "lists exactly what scoring every candidate would for %s",
    (q) => {
      for (const limit of [1, 3, 20]) {
        const ranked = new EntityRanker(q, limit).teams(hits).map((entry): [number, number] => [entry.item.id, entry.score]);
        expect(ranked).toEqual(bruteForce(q, limit));
      }
    },
  );

  it("breaks a tie by prominence: the Premier League club before the A-League one", () => {
    const ranked = new EntityRanker("newcastle", 2).teams(hits);
    expect(ranked.map((entry) => [entry.item.name, entry.score])).toEqual([
      ["Newcastle United FC", 1],
      ["Newcastle United Jets", 1],
    ]);
  });

  it("lets the prior settle a beginning of two names, whatever their lengths: bay is Bayern", () => {
    const ranked = new EntityRanker("bay", 2).teams(hits);
    expect(ranked.map((entry) => entry.item.name)).toEqual(["FC Bayern München", "Bayer 04 Leverkusen"]);
    expect(ranked[0]!.score).toBeLessThan(1);
  });

  it("keeps clear text evidence first: bayer is Leverkusen, bayern Bayern, both exact names", () => {
    expect(new EntityRanker("bayer", 1).teams(hits).map((entry) => [entry.item.name, entry.score])).toEqual([["Bayer 04 Leverkusen", 1]]);
    expect(new EntityRanker("bayern", 1).teams(hits).map((entry) => [entry.item.name, entry.score])).toEqual([["FC Bayern München", 1]]);
  });

  it("judges a slip by its letters alone: telt is Telstar, not the more famous Celtic", () => {
    expect(new EntityRanker("telt", 1).teams(hits)[0]?.item.name).toBe("Telstar 1963");
  });

  it("leaves out matches under the minimum score", () => {
    expect(new EntityRanker("qqqq", 20).teams(hits)).toEqual([]);
  });
});
