import { describe, expect, it } from "vitest";
import { afterStep, capacityLines, type Step } from "../../../scripts/load/capacity.js";
import { kindsOf, onlyKind } from "../../../scripts/load/route-mix.js";
import { shareOf } from "../../../scripts/load/rate-choice.js";
import type { LoadRequest } from "../../../scripts/load/mixed-load.js";

const step = (concurrency: number, rate: number, p99: number, failed = 0, shed = 0): Step => ({
  concurrency,
  rate,
  stats: { answered: rate * 10, shed, failed, p50: p99 / 2, p99, reasons: new Map() },
  use: { seconds: 10, serviceMs: rate * 10 * 2, nodeMs: rate * 10 * 10, generatorMsPerSecond: 40 },
});

describe("capacity steps", () => {
  const at = (best: Step | null, flat = 0) => ({ best, flat });

  it("goes on while the rate rises within the limits, keeping the step as the best", () => {
    const first = afterStep(step(1, 50, 20), at(null));
    expect(first).toEqual({ best: step(1, 50, 20), flat: 0, stop: null });
    const second = afterStep(step(2, 90, 40), first);
    expect(second.stop).toBeNull();
    expect(second.best?.concurrency).toBe(2);
  });

  it("stops once p99 passes 250 ms and keeps the earlier best", () => {
    const best = step(4, 100, 120);
    const verdict = afterStep(step(8, 130, 260), at(best));
    expect(verdict.best).toBe(best);
    expect(verdict.stop).toBe("p99 passed 250 ms at 8");
  });

  it("stops at a failed or a shed request however fast the step was", () => {
    expect(afterStep(step(8, 200, 50, 1), at(step(4, 100, 50))).stop).toBe("a request failed at 8");
    expect(afterStep(step(8, 200, 50, 0, 3), at(step(4, 100, 50))).stop).toBe("requests were shed at 8");
  });

  it("stops after two steps in a row that rose less than 3%, keeping the highest", () => {
    const once = afterStep(step(16, 102, 90), at(step(12, 100, 70)));
    expect(once.stop).toBeNull();
    expect(once.best?.concurrency).toBe(16);
    const twice = afterStep(step(24, 95, 120), once);
    expect(twice.stop).toBe("the rate stopped rising (2 steps in a row, up to 24, < +3% over the best)");
    expect(twice.best?.concurrency).toBe(16);
  });

  it("forgets a flat step once the rate rises again", () => {
    const flat = afterStep(step(16, 99, 90), at(step(12, 100, 70)));
    expect(afterStep(step(24, 120, 100), flat)).toEqual({ best: step(24, 120, 100), flat: 0, stop: null });
  });

  it("prints the service's CPU per request at capacity against the targets", () => {
    const lines = capacityLines({ steps: [], best: step(8, 100, 120), stoppedBecause: "x" }, { serviceMsPerRequest: 2.5 });
    expect(lines[0]).toContain("Capacity: 100.0 req/s at concurrency 8");
    expect(lines[1]).toBe("  service CPU per request at capacity: 2.00 ms (target <= 2.50 ms) PASS");
    expect(lines[2]).toBe("  service/node CPU at capacity: 20% (node 10.00 ms per request; no target: withdrawn, see bench:fixtures' stack floor)");
    expect(capacityLines({ steps: [], best: null, stoppedBecause: "a request failed at 1" }, null)[0]).toContain("Capacity: none");
  });

  it("takes a share of the capacity, at least 1 req/s", () => {
    expect(shareOf({ steps: [], best: step(8, 101, 120), stoppedBecause: "x" }, 60)).toBe(61);
    expect(shareOf({ steps: [], best: step(1, 0.5, 120), stoppedBecause: "x" }, 60)).toBe(1);
  });
});

describe("the mix taken apart", () => {
  const makeNext = () => {
    let n = 0;
    const kinds = ["a", "b", "c"];
    return (): LoadRequest => {
      const i = n++;
      return { kind: kinds[i % 3]!, path: `/${kinds[i % 3]}/${Math.floor(i / 3)}` };
    };
  };

  it("lists the kinds of one turn of the rotation in order", () => {
    expect(kindsOf(makeNext)).toEqual(["a", "b", "c"]);
  });

  it("sends one kind alone, in its own order", () => {
    const next = onlyKind(makeNext(), "b");
    expect([next().path, next().path]).toEqual(["/b/0", "/b/1"]);
  });
});
