/**
 * Every fixture status the service knows. The first nine are those of a normal match;
 * the rest come from the real data (docs/api-behaviour.md, "Statuses"): POSTPONED, CANCELLED,
 * ABANDONED, AWARDED, and NO_RESULT for a past match whose result the source lacks.
 */
export const IN_PLAY_STATUSES = [
  "INPLAY_1ST_HALF",
  "INPLAY_2ND_HALF",
  "INPLAY_ET",
  "INPLAY_PENALTIES",
  "HT",
  "EXTRA_TIME_BREAK",
  "PEN_BREAK",
] as const;

export const FIXTURE_STATUSES = [
  "NOT_STARTED",
  ...IN_PLAY_STATUSES,
  "FT",
  "POSTPONED",
  "CANCELLED",
  "ABANDONED",
  "AWARDED",
  "NO_RESULT",
] as const;

export type FixtureStatus = (typeof FIXTURE_STATUSES)[number];
export type InPlayStatus = (typeof IN_PLAY_STATUSES)[number];

const IN_PLAY: ReadonlySet<string> = new Set(IN_PLAY_STATUSES);

export function isInPlay(status: string): boolean {
  return IN_PLAY.has(status);
}

/** Statuses whose result is final: they count in standings and settle bets. */
export const FINISHED_STATUSES = ["FT", "AWARDED"] as const satisfies readonly FixtureStatus[];

const FINISHED: ReadonlySet<string> = new Set(FINISHED_STATUSES);

export function isFinished(status: string): boolean {
  return FINISHED.has(status);
}

/**
 * Statuses after which a fixture's document no longer changes (short of a data
 * correction): what makes a /fixtures page cacheable. POSTPONED is not one: it gets a new date.
 */
export const SETTLED_STATUSES = ["FT", "AWARDED", "CANCELLED", "ABANDONED", "NO_RESULT"] as const satisfies readonly FixtureStatus[];
