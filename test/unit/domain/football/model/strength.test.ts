import { describe, expect, it } from "vitest";
import { StrengthModel } from "../../../../../src/domain/football/model/strength.js";
import { Random } from "../../../../../src/domain/football/random.js";
import { doubleRoundRobin, trueMeans } from "./simulate.js";

describe("StrengthModel", () => {
  it("starts unknown teams at a neutral rating, lower for lower-level leagues", () => {
    const model = new StrengthModel();
    expect(model.rating(1)).toBe(1500);
    expect(model.rating(1, 2)).toBe(1400);
    expect(model.rating(1, 3)).toBe(1300);
    model.record({ homeTeamId: 7, awayTeamId: 8, leagueId: 2, leagueLevel: 2, homeGoals: 0, awayGoals: 0 });
    // A home draw between equals is below expectation: the home side gives points to the away side.
    expect(model.rating(7)).toBeLessThan(1400);
    expect(model.rating(7) + model.rating(8)).toBeCloseTo(2800, 9);
  });

  it("favours the home side between equal teams and splits the league baseline so the expected score is the Elo expectation", () => {
    const prediction = new StrengthModel().preMatch(1, 2, 10);
    expect(prediction.expectation).toBeGreaterThan(0.5);
    expect(prediction.expectedGoals.home + prediction.expectedGoals.away).toBeCloseTo(2.7, 9);
    const { home, draw, away } = prediction.probabilities.fullTime;
    expect(home + draw / 2).toBeCloseTo(prediction.expectation, 5);
    expect(home).toBeGreaterThan(away);
  });

  it("gives coherent probabilities for every market", () => {
    const { probabilities: p } = new StrengthModel().preMatch(1, 2, 10);
    expect(p.fullTime.home + p.fullTime.draw + p.fullTime.away).toBeCloseTo(1, 9);
    expect(p.halfTime.home + p.halfTime.draw + p.halfTime.away).toBeCloseTo(1, 9);
    expect(p.halfTime.draw).toBeGreaterThan(p.fullTime.draw);
    expect(p.overUnder["1.5"].over).toBeGreaterThan(p.overUnder["2.5"].over);
    expect(p.overUnder["2.5"].over).toBeGreaterThan(p.overUnder["3.5"].over);
    for (const line of ["1.5", "2.5", "3.5"] as const) {
      expect(p.overUnder[line].over + p.overUnder[line].under).toBeCloseTo(1, 9);
    }
    expect(p.bothTeamsScore.yes + p.bothTeamsScore.no).toBeCloseTo(1, 9);
    expect(p.doubleChance.homeOrDraw).toBeCloseTo(p.fullTime.home + p.fullTime.draw, 9);
    expect(p.doubleChance.homeOrAway).toBeCloseTo(p.fullTime.home + p.fullTime.away, 9);
    expect(p.doubleChance.drawOrAway).toBeCloseTo(p.fullTime.draw + p.fullTime.away, 9);
  });

  it("learns a league's scoring baseline from its results, starting from the 2.7 prior", () => {
    const model = new StrengthModel();
    expect(model.leagueAverageGoals(3)).toBe(2.7);
    for (let i = 0; i < 300; i++) {
      model.record({ homeTeamId: 1 + (i % 4), awayTeamId: 5 + (i % 4), leagueId: 3, homeGoals: 1, awayGoals: 0 });
    }
    expect(model.leagueAverageGoals(3)).toBeLessThan(1.2);
    expect(model.leagueAverageGoals(4)).toBe(2.7);
    const prediction = model.preMatch(1, 5, 3);
    expect(prediction.expectedGoals.home + prediction.expectedGoals.away).toBeCloseTo(model.leagueAverageGoals(3), 9);
  });

  it("moves ratings more for wider margins and conserves rating points", () => {
    const narrow = new StrengthModel();
    const wide = new StrengthModel();
    narrow.record({ homeTeamId: 1, awayTeamId: 2, leagueId: 1, homeGoals: 1, awayGoals: 0 });
    wide.record({ homeTeamId: 1, awayTeamId: 2, leagueId: 1, homeGoals: 4, awayGoals: 0 });
    expect(wide.rating(1) - 1500).toBeGreaterThan(narrow.rating(1) - 1500);
    expect(wide.rating(1) + wide.rating(2)).toBeCloseTo(3000, 9);
  });

  it("ranks teams correctly on a simulated round robin where their strength is known", () => {
    const random = new Random("strength:ranking");
    const truth = new Map(Array.from({ length: 8 }, (_, i) => [i + 1, 1150 + i * 100]));
    const model = new StrengthModel();
    for (let season = 0; season < 6; season++) {
      for (const [home, away] of doubleRoundRobin([...truth.keys()], random)) {
        const means = trueMeans(truth.get(home) ?? 0, truth.get(away) ?? 0);
        model.record({ homeTeamId: home, awayTeamId: away, leagueId: 1, homeGoals: random.poisson(means.home), awayGoals: random.poisson(means.away) });
      }
    }
    expect(model.table().map((row) => row.teamId)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
  });

  it("is calibrated: favourites with p > 0.6 win about as often as predicted on simulated Poisson data", () => {
    const random = new Random("strength:calibration");
    const truth = new Map(Array.from({ length: 20 }, (_, i) => [i + 1, random.normal(1500, 150)]));
    const model = new StrengthModel();
    let predicted = 0;
    let won = 0;
    let count = 0;
    for (let season = 0; season < 10; season++) {
      for (const [home, away] of doubleRoundRobin([...truth.keys()], random)) {
        const { probabilities } = model.preMatch(home, away, 1);
        const means = trueMeans(truth.get(home) ?? 0, truth.get(away) ?? 0);
        const homeGoals = random.poisson(means.home);
        const awayGoals = random.poisson(means.away);
        if (season >= 2) {
          const { home: pHome, away: pAway } = probabilities.fullTime;
          if (pHome > 0.6 || pAway > 0.6) {
            count++;
            predicted += Math.max(pHome, pAway);
            if (pHome > pAway ? homeGoals > awayGoals : awayGoals > homeGoals) won++;
          }
        }
        model.record({ homeTeamId: home, awayTeamId: away, leagueId: 1, homeGoals, awayGoals });
      }
    }
    expect(count).toBeGreaterThan(300);
    expect(Math.abs(won / count - predicted / count)).toBeLessThan(0.04);
  });
});
