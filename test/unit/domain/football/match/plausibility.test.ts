import { describe, expect, it } from "vitest";
import { projectMatch, type MatchState } from "../../../../../src/domain/football/match/projection.js";
import { simulateMatch } from "../../../../../src/domain/football/match/script.js";
import { Random } from "../../../../../src/domain/football/random.js";
import { matchInput, statistic } from "./fixtures.js";

type Sample = { state: MatchState; strong: "home" | "away" };

function sampleMatches(count: number): Sample[] {
  const rng = new Random("plausibility");
  return Array.from({ length: count }, (_, i) => {
    const home = 0.6 + rng.next() * 1.6;
    const away = 0.5 + rng.next() * 1.4;
    const script = simulateMatch(matchInput(`plausible:${i}`, undefined, { expectedGoals: { home, away } }));
    return { state: projectMatch(script, { kind: "final" }), strong: home >= away ? "home" : "away" };
  });
}

const SAMPLES = sampleMatches(1000);

function mean(name: string, pick: (sample: Sample) => "home" | "away" | "both" = () => "both"): number {
  let sum = 0;
  let n = 0;
  for (const sample of SAMPLES) {
    const side = pick(sample);
    for (const location of side === "both" ? (["home", "away"] as const) : [side]) {
      sum += statistic(sample.state, name, location) ?? NaN;
      n++;
    }
  }
  return sum / n;
}

describe("modelled statistics over 1,000 seeded matches", () => {
  const bands: Array<[string, number, number]> = [
    ["GOALS", 1.0, 1.7],
    ["SHOTS_TOTAL", 10, 15],
    ["SHOTS_ON_TARGET", 3.5, 5.5],
    ["SHOTS_OFF_TARGET", 5, 10],
    ["CORNERS", 4, 6.5],
    ["ATTACKS", 95, 115],
    ["DANGEROUS_ATTACKS", 42, 58],
    ["YELLOWCARDS", 1.4, 2.6],
    ["REDCARDS", 0.02, 0.15],
    ["FOULS", 9.5, 13.5],
    ["OFFSIDES", 1.3, 2.8],
    ["SAVES", 2, 4.5],
    ["SUBSTITUTIONS", 3.5, 5],
    ["INJURIES", 0.5, 1.5],
    ["PENALTIES", 0.1, 0.3],
    ["EXPECTED_GOALS", 100, 160],
  ];
  for (const [name, low, high] of bands) {
    it(`averages ${name} per team between ${low} and ${high}`, () => {
      const value = mean(name);
      expect(value).toBeGreaterThanOrEqual(low);
      expect(value).toBeLessThanOrEqual(high);
    });
  }

  it("keeps every match within hard limits", () => {
    for (const { state } of SAMPLES) {
      for (const location of ["home", "away"] as const) {
        expect(statistic(state, "SUBSTITUTIONS", location)).toBeLessThanOrEqual(5);
        expect(statistic(state, "REDCARDS", location)).toBeLessThanOrEqual(2);
        expect(statistic(state, "SAVES", location)).toBeGreaterThanOrEqual(0);
        expect(statistic(state, "PENALTIES_MISSES" as string, location)).toBeUndefined();
        const possession = statistic(state, "BALL_POSSESSION", location) ?? NaN;
        expect(possession).toBeGreaterThanOrEqual(20);
        expect(possession).toBeLessThanOrEqual(80);
      }
    }
  });

  it("lets the stronger side dominate possession, attacks and shots a bit", () => {
    const strong = (sample: Sample) => sample.strong;
    const weak = (sample: Sample) => (sample.strong === "home" ? "away" : "home");
    expect(mean("BALL_POSSESSION", strong)).toBeGreaterThan(52);
    expect(mean("BALL_POSSESSION", strong)).toBeLessThan(60);
    for (const name of ["ATTACKS", "DANGEROUS_ATTACKS", "SHOTS_TOTAL", "SHOTS_ON_TARGET", "CORNERS", "EXPECTED_GOALS", "GOALS"]) {
      expect(mean(name, strong), name).toBeGreaterThan(mean(name, weak));
    }
  });

  it("simulates and projects 1,000 matches well under 2 seconds", () => {
    const started = performance.now();
    for (let i = 0; i < 1000; i++) {
      const script = simulateMatch(matchInput(`timing:${i}`, { ht: [1, 0], ft: [2, 1] }));
      projectMatch(script, { kind: "final" });
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
