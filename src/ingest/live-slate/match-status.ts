import type { FixtureStatus } from "../../domain/types/statuses.js";
import { MINUTE_MS } from "../../domain/time/zoned-time.js";

/**
 * A match kicked off longer ago than this is certainly over: 90 minutes, a 15-minute break and
 * generous stoppage time (the slates keep any other kick-off at least 150 minutes before now).
 */
export const FINISHED_AFTER_MS = 130 * MINUTE_MS;

/**
 * The catalog status of a simulated match at `now`. A match in play gets the placeholder
 * INPLAY_1ST_HALF: the match simulator replaces it with the exact in-play status and minute
 * (HT, INPLAY_2ND_HALF, ...) when it projects the match at `now`.
 */
export function statusAt(kickoff: number, now: number): FixtureStatus {
  if (kickoff > now) return "NOT_STARTED";
  return now - kickoff < FINISHED_AFTER_MS ? "INPLAY_1ST_HALF" : "FT";
}
