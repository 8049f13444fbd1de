import { describe, expect, it } from "vitest";
import { CostEstimates } from "../../../src/rate-limit/cost-estimates.js";
import { costUnits, DEFAULT_COST_MODEL, workMs } from "../../../src/rate-limit/request-cost.js";

describe("costUnits", () => {
  const model = { unitMs: 5, baseMs: 1, msPerKiB: 0.01, answerMsPerKiB: 0.02 };

  it("charges at least one unit, even for a request that asked the node nothing", () => {
    expect(costUnits({ nodeMs: 0, parseMs: 0, answerChars: 0, bodyBytes: 0 }, model)).toBe(1);
  });

  it("adds the node's time and answer, the parse and the body's presenting, in whole units", () => {
    expect(workMs({ nodeMs: 20, parseMs: 2, answerChars: 50 * 1024, bodyBytes: 100 * 1024 }, model)).toBeCloseTo(25);
    expect(costUnits({ nodeMs: 20, parseMs: 2, answerChars: 50 * 1024, bodyBytes: 100 * 1024 }, model)).toBe(5);
    expect(costUnits({ nodeMs: 1_000, parseMs: 0, answerChars: 0, bodyBytes: 0 }, model)).toBe(200);
  });

  it("uses the default model without one", () => {
    expect(costUnits({ nodeMs: 10 * DEFAULT_COST_MODEL.unitMs, parseMs: 0, answerChars: 0, bodyBytes: 0 })).toBe(10);
  });
});

describe("CostEstimates", () => {
  it("starts a scope at the initial estimate, then follows what it measured", () => {
    const estimates = new CostEstimates(10, 0.5);
    expect(estimates.estimate("a")).toBe(10);
    estimates.learn("a", 100);
    expect(estimates.estimate("a")).toBe(100);
    estimates.learn("a", 50);
    expect(estimates.estimate("a")).toBe(75);
    expect(estimates.estimate("b")).toBe(10);
  });

  it("never estimates less than one unit", () => {
    const estimates = new CostEstimates(0);
    expect(estimates.estimate("a")).toBe(1);
  });
});
