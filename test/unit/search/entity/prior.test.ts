import { describe, expect, it } from "vitest";
import { PRIOR_WEIGHT, priorTrust, withPrior } from "../../../../src/search/entity/prior.js";
import { NON_EXACT_CAP } from "../../../../src/search/entity/name-score.js";

describe("the prominence prior in entity-search scores", () => {
  it("never moves an exact name: 1 stays 1 whatever the prior", () => {
    expect(withPrior(1, 0)).toBe(1);
    expect(withPrior(1, 1)).toBe(1);
  });

  it("moves a match part of the way to 0.99, in proportion to the prior, and never past it", () => {
    expect(withPrior(0.8, 0)).toBe(0.8);
    expect(withPrior(0.8, 1)).toBeCloseTo(0.8 + (NON_EXACT_CAP - 0.8) * PRIOR_WEIGHT, 10);
    expect(withPrior(0.8, 0.5)).toBeCloseTo(0.8 + (NON_EXACT_CAP - 0.8) * PRIOR_WEIGHT * 0.5, 10);
    expect(withPrior(0.98, 1)).toBeLessThan(NON_EXACT_CAP);
    expect(withPrior(0.99, 1)).toBe(0.99);
  });

  it("keeps a higher text score ahead when its prior is equal or higher", () => {
    for (const [low, high] of [[0.5, 0.6], [0.8, 0.81], [0.9, 0.95]] as const) {
      for (const prior of [0, 0.3, 1]) expect(withPrior(high, prior)).toBeGreaterThan(withPrior(low, prior));
    }
  });

  it("lets a famous entity win a near-tie and not a clear lead", () => {
    // "city": Manchester City (prior 0.88) and Leicester City (0.49) match equally well.
    expect(withPrior(0.832, 0.88)).toBeGreaterThan(withPrior(0.832, 0.49));
    // "bari": Bari's own name (0.95) against a prefix of Barcelona with a slip (0.45).
    expect(withPrior(0.95, 0.13)).toBeGreaterThan(withPrior(0.45, 0.96));
  });

  it("trusts words typed as they are, not slips: none below QC 0.85, fully from 0.9", () => {
    expect(priorTrust(0.8)).toBe(0);
    expect(priorTrust(0.85)).toBe(0);
    expect(priorTrust(0.875)).toBeCloseTo(0.5, 10);
    expect(priorTrust(0.9)).toBe(1);
    expect(priorTrust(1)).toBe(1);
    expect(withPrior(0.8, 1, 0.8)).toBe(0.8);
  });

  it("reads a prior outside 0-1 (a document of an older rebuild) as its nearest bound", () => {
    expect(withPrior(0.8, 3)).toBe(withPrior(0.8, 1));
    expect(withPrior(0.8, -1)).toBe(0.8);
    expect(withPrior(0.8, undefined)).toBe(0.8);
  });
});
