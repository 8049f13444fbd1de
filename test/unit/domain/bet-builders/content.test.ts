import { describe, expect, it } from "vitest";
import { explain, predictionsOf, type ContentFacts } from "../../../../src/domain/bet-builders/content.js";
import { CONTENT_LANGUAGES } from "../../../../src/domain/bet-builders/document.js";
import { formOf } from "../../../../src/domain/bet-builders/form.js";
import { LABELS, MARKETS } from "../../../../src/domain/football/odds/markets.js";
import { pricedFixture } from "./priced-fixture.js";

const facts: ContentFacts = {
  home: { en: "Bayern Munich", de: "FC Bayern München" },
  away: { en: "1. FC Köln" },
  homeForm: { results: ["W", "W", "D", "L", "W"], goalsFor: 9, goalsAgainst: 4 },
  awayForm: { results: [], goalsFor: 0, goalsAgainst: 0 },
  predictions: { home: 61, draw: 22, away: 17, over25: 58, btts: 49, expectedGoals: 287 },
  live: null,
  legs: [
    { market_id: MARKETS.FULLTIME_RESULT.id, label_id: LABELS.HOME.id, line: 0 },
    { market_id: MARKETS.OVER_UNDER.id, label_id: LABELS.OVER.id, line: 1.5 },
  ],
  probability: 0.4,
  price: 2.85,
};

describe("explain", () => {
  const content = explain(facts);

  it("writes a different text in each of en, de, es, fr, it, pt and nl", () => {
    expect(Object.keys(content)).toEqual([...CONTENT_LANGUAGES]);
    expect(new Set(Object.values(content).map((c) => c.text)).size).toBe(7);
  });

  it("states the form, the model's view and the combination against its price", () => {
    expect(content.en.text).toBe(
      "Bayern Munich have won 3 of their last 5 (W W D L W); 1. FC Köln have no recent results. " +
        "The model gives Bayern Munich 61%, the draw 22% and 1. FC Köln 17%, with 2.9 goals expected (over 2.5: 58%; both teams to score: 49%). " +
        "Suggested: Bayern Munich to win + over 1.5 goals. The model rates this combination at 40% (fair odds 2.50) against combined odds of 2.85.",
    );
  });

  it("uses the language's team names, form letters and number format", () => {
    expect(content.de.text).toContain("FC Bayern München hat 3 der letzten 5 Spiele gewonnen (S S U N S)");
    expect(content.de.text).toContain("Sieg FC Bayern München + über 1,5 Tore");
    expect(content.de.text).toContain("Gesamtquote von 2,85");
    expect(content.fr.text).toContain("Bayern Munich : 3 victoire(s)");
    expect(content.es.text).toContain("(V V E D V)");
  });

  it("opens with the minute and score when generated in play", () => {
    const live = explain({ ...facts, live: { minute: 63, home: 1, away: 0 } });
    expect(live.en.text.startsWith("In play, minute 63, 1-0.")).toBe(true);
    expect(live.it.text.startsWith("In corso, 63° minuto, 1-0.")).toBe(true);
  });

  it("leaves the model sentence out without predictions", () => {
    expect(explain({ ...facts, predictions: null }).en.text).not.toContain("The model gives");
  });

  it("names every bet-builder market in every language", () => {
    const legs = [
      { market_id: 1, label_id: 2, line: 0 },
      { market_id: 2, label_id: 5, line: 3.5 },
      { market_id: 3, label_id: 7, line: 0 },
      { market_id: 4, label_id: 9, line: 0 },
    ];
    const all = explain({ ...facts, legs });
    expect(all.en.text).toContain("draw + under 3.5 goals + not both teams to score + no draw");
    expect(all.nl.text).toContain("gelijkspel + minder dan 3,5 doelpunten + niet beide teams scoren + geen gelijkspel");
  });
});

describe("predictionsOf", () => {
  it("reads the match-level PREDICTION_* metrics", () => {
    const predictions = predictionsOf(pricedFixture().metrics)!;
    expect(predictions.home + predictions.draw + predictions.away).toBe(100);
    expect(predictions.expectedGoals).toBe(270);
  });

  it("is null when the metrics are missing", () => {
    expect(predictionsOf([])).toBeNull();
  });
});

describe("formOf", () => {
  it("reads results from the team's side, most recent first, skipping fixtures without a score", () => {
    const fixture = (home: number, away: number, goals: [number, number] | null) => ({
      home_team_id: home,
      away_team_id: away,
      scores: goals
        ? [
            { fixture_id: 1, team_id: home, value: goals[0], developer_name: "CURRENT" as const },
            { fixture_id: 1, team_id: away, value: goals[1], developer_name: "CURRENT" as const },
          ]
        : [],
    });
    const form = formOf(5, [fixture(5, 6, [2, 0]), fixture(7, 5, [3, 1]), fixture(8, 5, null), fixture(5, 9, [1, 1])]);
    expect(form).toEqual({ results: ["W", "L", "D"], goalsFor: 4, goalsAgainst: 4 });
  });
});
