/**
 * The simulator's match clock: match time runs `speed` times real time from an epoch, the
 * match instant `matchEpochMs` at the wall instant `wallEpochMs`. Pure, so a successor writer
 * can continue its predecessor's clock exactly (live-writer.ts stores it beside the writer
 * lease): the same epoch and speed give the same match time on every process whose wall clock
 * agrees (NTP), so a fail-over neither replays match time nor jumps it.
 */
export type MatchClock = { matchEpochMs: number; wallEpochMs: number; speed: number };

/** Match time at wall time `wallNowMs`. */
export function matchTimeAt(clock: MatchClock, wallNowMs: number): number {
  return clock.matchEpochMs + (wallNowMs - clock.wallEpochMs) * clock.speed;
}

/** A clock at `speed` that reads `startAtMs` (default: the wall time) now. */
export function freshClock(wallNowMs: number, speed: number, startAtMs: number = wallNowMs): MatchClock {
  return { matchEpochMs: startAtMs, wallEpochMs: wallNowMs, speed };
}

export type ClockChoice = {
  clock: MatchClock;
  /**
   * - `continued`: the predecessor's clock, unchanged;
   * - `rebased`: the predecessor's match time now, running at this writer's other speed from here;
   * - `fresh`: no predecessor, or one silent for longer than `resumeWithinMs` (the service was
   *   stopped): a new clock, as a first start always had.
   */
  how: "continued" | "rebased" | "fresh";
};

/**
 * The clock a new writer goes on with. `previous` is the stored clock and the wall time its
 * writer was last known alive. A successor within `resumeWithinMs` continues it: at another
 * speed it starts from the predecessor's match time now, so match time never runs backwards
 * (a simulator that restarted the clock at speed > 1 would write earlier match states over later ones).
 */
export function chooseClock(
  previous: { clock: MatchClock; aliveAtMs: number } | null,
  options: { wallNowMs: number; speed: number; resumeWithinMs: number; startAtMs?: number },
): ClockChoice {
  const { wallNowMs, speed } = options;
  if (!previous || wallNowMs - previous.aliveAtMs > options.resumeWithinMs) {
    return { clock: freshClock(wallNowMs, speed, options.startAtMs), how: "fresh" };
  }
  if (previous.clock.speed === speed) return { clock: previous.clock, how: "continued" };
  return { clock: { matchEpochMs: matchTimeAt(previous.clock, wallNowMs), wallEpochMs: wallNowMs, speed }, how: "rebased" };
}
