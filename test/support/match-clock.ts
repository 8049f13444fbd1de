import type { MiniMatch } from "./mini-catalog.js";

const MINUTE = 60_000;

/**
 * The match clock of a test that plays matches with the live simulator: `start` on a whole
 * minute (now, rounded down), `at(m)` m minutes from it, and `upcoming(...)` a fixture of the
 * current (simulated) season that kicks off m minutes from it, not started yet.
 */
export function matchClock(now = Date.now()) {
  const start = new Date(Math.floor(now / MINUTE) * MINUTE);
  const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
  const upcoming = (id: number, home: number, away: number, minutes: number): MiniMatch => ({
    id,
    home,
    away,
    date_time: at(minutes).toISOString(),
    status: "NOT_STARTED",
    season: "current",
  });
  return { start, at, upcoming };
}
