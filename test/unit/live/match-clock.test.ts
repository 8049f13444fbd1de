import { describe, expect, it } from "vitest";
import { chooseClock, freshClock, matchTimeAt } from "../../../src/live/match-clock.js";

const T0 = Date.parse("2026-11-27T20:00:00Z");
const RESUME = 60_000;

describe("the simulator's match clock", () => {
  it("runs speed times real time from its epoch", () => {
    const clock = freshClock(T0, 60, T0 - 3_600_000);
    expect(matchTimeAt(clock, T0)).toBe(T0 - 3_600_000);
    expect(matchTimeAt(clock, T0 + 1_000)).toBe(T0 - 3_600_000 + 60_000);
  });

  it("reads the wall clock at speed 1 when it starts now, so a restart at speed 1 continues by itself", () => {
    const clock = freshClock(T0, 1);
    expect(matchTimeAt(clock, T0 + 12_345)).toBe(T0 + 12_345);
  });

  it("gives a successor within the resume window its predecessor's clock, unchanged: the same match time at every wall instant", () => {
    const predecessor = freshClock(T0, 60);
    const takeover = T0 + 40_000; // killed at +30 s, taken over 10 s later
    const { clock, how } = chooseClock({ clock: predecessor, aliveAtMs: T0 + 30_000 }, { wallNowMs: takeover, speed: 60, resumeWithinMs: RESUME });
    expect(how).toBe("continued");
    for (const wall of [takeover, takeover + 1, takeover + 90_000]) expect(matchTimeAt(clock, wall)).toBe(matchTimeAt(predecessor, wall));
  });

  it("rebases a successor at another speed on the predecessor's match time now, so match time neither jumps nor runs back", () => {
    const predecessor = freshClock(T0, 60);
    const takeover = T0 + 20_000;
    const { clock, how } = chooseClock({ clock: predecessor, aliveAtMs: takeover - 1_000 }, { wallNowMs: takeover, speed: 10, resumeWithinMs: RESUME });
    expect(how).toBe("rebased");
    expect(matchTimeAt(clock, takeover)).toBe(matchTimeAt(predecessor, takeover));
    expect(matchTimeAt(clock, takeover + 1_000) - matchTimeAt(clock, takeover)).toBe(10_000);
  });

  it("starts a fresh clock when there is no predecessor or it was silent past the resume window (the service was stopped)", () => {
    expect(chooseClock(null, { wallNowMs: T0, speed: 60, resumeWithinMs: RESUME })).toEqual({ clock: freshClock(T0, 60), how: "fresh" });
    const old = { clock: freshClock(T0 - 86_400_000, 60), aliveAtMs: T0 - RESUME - 1 };
    const { clock, how } = chooseClock(old, { wallNowMs: T0, speed: 60, resumeWithinMs: RESUME, startAtMs: T0 - 5_000 });
    expect(how).toBe("fresh");
    expect(matchTimeAt(clock, T0)).toBe(T0 - 5_000);
  });

  it("continues a clock alive exactly at the window's edge", () => {
    const previous = { clock: freshClock(T0, 60), aliveAtMs: T0 };
    expect(chooseClock(previous, { wallNowMs: T0 + RESUME, speed: 60, resumeWithinMs: RESUME }).how).toBe("continued");
  });
});
