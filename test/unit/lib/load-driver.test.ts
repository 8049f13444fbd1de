import { describe, expect, it } from "vitest";
import { ClosedLoop, closedLoopFor, OpenLoop, type Answer } from "../../../scripts/lib/load-driver.js";

// Attempts that answer on the next turn of the event loop (as a socket does), by a script of
// outcomes, to see how each loop counts them.
const scripted = (outcomes: Answer[]) => {
  let i = 0;
  return async (): Promise<Answer> => {
    await new Promise((done) => setImmediate(done));
    return outcomes[i++ % outcomes.length]!;
  };
};

describe("the load driver", () => {
  it("counts shed answers apart from latencies and failures in the closed loop", async () => {
    const loop = new ClosedLoop(scripted([{ outcome: "ok" }, { outcome: "failed", reason: "HTTP 500" }, { outcome: "shed" }]));
    loop.start(1);
    await new Promise((done) => setTimeout(done, 30));
    await loop.stop();
    const stats = loop.stats();
    expect(stats.shed).toBeGreaterThan(0);
    expect(stats.failed).toBe(stats.reasons.get("HTTP 500"));
    // Every answer but a shed one has a latency: the oks and the failures.
    expect(stats.answered).toBeGreaterThanOrEqual(stats.failed);
  });

  it("throws from a side-by-side window that had a failure, naming it", async () => {
    await expect(closedLoopFor(scripted([{ outcome: "failed", reason: "HTTP 502" }]), 1, 0.02, [], "floor")).rejects.toThrow(/floor: \d+ failed, 0 shed \(HTTP 502\)/);
  });

  it("adds a side-by-side window's latencies to the caller's list", async () => {
    const into: number[] = [];
    const rate = await closedLoopFor(scripted([{ outcome: "ok" }]), 2, 0.02, into, "service");
    expect(into.length).toBeGreaterThan(0);
    expect(rate).toBe(into.length / 0.02);
  });

  it("counts every request of the open loop under the phase it left in", async () => {
    const loop = new OpenLoop({ rate: 1000, attempt: scripted([{ outcome: "ok" }, { outcome: "shed" }]) });
    loop.phase = "first";
    loop.start();
    await new Promise((done) => setTimeout(done, 20));
    loop.phase = "second";
    await new Promise((done) => setTimeout(done, 20));
    const phases = await loop.stop();
    expect(phases.map((p) => p.phase)).toEqual(["first", "second"]);
    const total = OpenLoop.total(phases);
    expect(total.sent).toBe(total.ok + total.shed + total.failed);
  });
});
