/**
 * Pure derivations from one football.json match: stage, round label, status, and season naming.
 */
import type { FixtureStatus } from "../../domain/types/statuses.js";
import { REGULAR_SEASON } from "../../domain/types/stages.js";

/** The statuses the real data can give a match (no in-play ones: the snapshot is not live). */
export type MatchStatus = Extract<FixtureStatus, "FT" | "POSTPONED" | "CANCELLED" | "ABANDONED" | "AWARDED" | "NO_RESULT" | "NOT_STARTED">;

export const SOURCE_STATUSES = ["postponed", "awarded", "cancelled", "abandoned"] as const;
export type SourceStatus = (typeof SOURCE_STATUSES)[number];

export type StageAndRound = {
  stage: string;
  /** The round without the stage prefix: "Matchday 3" for "Championship, Matchday 3". */
  round: string;
};

/**
 * The stage is the match's `stage`, else the part of `round` before ", ", else the regular
 * season (docs/data.md, "Stages"). Upstream writes the regular season as "Regular" in some
 * files (en.2 2023-24 as a stage key, 2024-25 as a round prefix) and says nothing in others;
 * all three become "Regular Season" so one league's seasons name the stage alike.
 */
export function deriveStageAndRound(round: string, stage: string | undefined): StageAndRound {
  const comma = round.indexOf(", ");
  const prefix = comma === -1 ? undefined : round.slice(0, comma).trim();
  const label = comma === -1 ? round.trim() : round.slice(comma + 2).trim();
  const named = stage?.trim() || prefix;
  return { stage: named === undefined || named === "Regular" ? REGULAR_SEASON : named, round: label };
}

/**
 * FT for a played match (also after extra time or penalties); the source's status when it gives
 * one (an awarded match keeps its awarded score); otherwise NO_RESULT when kick-off is before
 * `now` and NOT_STARTED when it is not.
 */
export function deriveStatus(
  sourceStatus: SourceStatus | undefined,
  hasFullTime: boolean,
  kickoffUtc: string,
  now: Date,
): MatchStatus {
  if (sourceStatus !== undefined) return sourceStatus.toUpperCase() as Uppercase<SourceStatus>;
  if (hasFullTime) return "FT";
  return Date.parse(kickoffUtc) < now.getTime() ? "NO_RESULT" : "NOT_STARTED";
}

const SPLIT_SEASON_RE = /^(\d{4})-(\d{2})$/;
const YEAR_SEASON_RE = /^(\d{4})$/;

/**
 * Season names: a split season's folder "2024-25" is named "2024/2025"; a calendar-year folder
 * "2025" is named "2025". Returns undefined for a folder name of neither form.
 */
export function seasonNameFromKey(seasonKey: string): string | undefined {
  const split = SPLIT_SEASON_RE.exec(seasonKey);
  if (split?.[1] && split[2]) {
    const start = Number(split[1]);
    const end = Math.floor(start / 100) * 100 + Number(split[2]);
    return `${start}/${end < start ? end + 100 : end}`;
  }
  return YEAR_SEASON_RE.test(seasonKey) ? seasonKey : undefined;
}

/** The calendar year a season starts in: 2024 for "2024-25" and "2024/25", 2025 for "2025". */
export function seasonStartYear(season: string): number {
  return Number(season.slice(0, 4));
}

/**
 * A split season runs from July of its first year to June of the next. A date before that window
 * that fits it one year later is taken as a year typo and moved: 2025-26/en.3.json dates rounds
 * 24 to 46 (January to May 2026) in 2025. Returns the corrected date, or undefined when the date
 * needs no correction (or the season is a calendar year).
 */
export function correctSplitSeasonYear(date: string, seasonKey: string): string | undefined {
  const split = SPLIT_SEASON_RE.exec(seasonKey);
  if (!split?.[1]) return undefined;
  const start = Number(split[1]);
  if (date >= `${start}-07-01`) return undefined;
  const moved = `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
  return moved >= `${start}-07-01` && moved <= `${start + 1}-06-30` ? moved : undefined;
}
