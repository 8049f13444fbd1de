/**
 * Reads `football.json/SEASON/CODE.json` files into validated matches with their derived stage,
 * round, kick-off (UTC) and status. Team names are kept as written; team-resolver.ts maps them.
 *
 * Validation is strict: an unknown key is an error too, because a new key upstream (a group, a
 * venue) would carry meaning that the import would otherwise drop without anyone noticing.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { describeCompetition } from "./competition-codes.js";
import { lineOfArrayElement, lineOfPosition } from "./json-lines.js";
import {
  correctSplitSeasonYear,
  deriveStageAndRound,
  deriveStatus,
  seasonNameFromKey,
  SOURCE_STATUSES,
  type MatchStatus,
  type SourceStatus,
} from "./match-derivation.js";
import { OpenfootballSourceError } from "./source-error.js";
import { localKickoffToUtc, timezoneFor } from "./timezones.js";

const GoalsSchema = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

export const SourceMatchSchema = z.strictObject({
  round: z.string().trim().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "date must be YYYY-MM-DD"),
  time: z.string().regex(/^\d{1,2}:\d{2}$/, "time must be H:MM or HH:MM").optional(),
  team1: z.string().trim().min(1),
  team2: z.string().trim().min(1),
  score: z
    .strictObject({
      ht: GoalsSchema.optional(),
      ft: GoalsSchema.optional(),
      et: GoalsSchema.optional(),
      p: GoalsSchema.optional(),
    })
    .optional(),
  stage: z.string().trim().min(1).optional(),
  status: z.enum(SOURCE_STATUSES).optional(),
});
export type SourceMatchJson = z.infer<typeof SourceMatchSchema>;

const SourceFileSchema = z.strictObject({
  name: z.string().trim().min(1),
  matches: z.array(z.unknown()),
});

/** Goals [home, away]. ft is after 90 minutes, et after extra time, p the shoot-out alone. */
export type Goals = [home: number, away: number];
export type MatchScores = {
  ht?: Goals;
  ft?: Goals;
  et?: Goals;
  p?: Goals;
};

export type SourceMatch = {
  /** 0-based position in the file's `matches` array. */
  index: number;
  stage: string;
  round: string;
  /** The round as the file writes it ("Championship, Matchday 3"). */
  source_round: string;
  /** Local date, after correctSplitSeasonYear. */
  date: string;
  /** The date as the file writes it, when correctSplitSeasonYear changed it. */
  source_date?: string;
  /** Local time as written; absent when the file gives none (kick-off then assumed 15:00 local). */
  time?: string;
  kickoff_utc: string;
  home_name: string;
  away_name: string;
  scores: MatchScores;
  status: MatchStatus;
  source_status?: SourceStatus;
};

export type SourceFile = {
  /** Path relative to the football.json folder, e.g. "2024-25/en.1.json". */
  file: string;
  /** football.json competition code, e.g. "en.1". */
  code: string;
  /** The season folder: "2024-25" or "2025". */
  season_key: string;
  /** "2024/2025" or "2025" (see seasonNameFromKey). */
  season_name: string;
  /** The file's own `name`, e.g. "English Premier League 2024/25". */
  competition_name: string;
  timezone: string;
  matches: SourceMatch[];
};

/** Parses one file's text. `file` is "SEASON/CODE.json" and names the file in every error. */
export function parseMatchesFile(text: string, file: string, now: Date): SourceFile {
  const [seasonKey = "", base = ""] = file.split("/").slice(-2);
  const code = base.replace(/\.json$/, "");
  const seasonName = seasonNameFromKey(seasonKey);
  if (seasonName === undefined) throw new OpenfootballSourceError({ file }, `unexpected season folder "${seasonKey}"`);
  const timezone = competitionTimezone(code, file);

  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    const line = position === undefined ? undefined : lineOfPosition(text, Number(position));
    throw new OpenfootballSourceError({ file, ...(line ? { line } : {}) }, `invalid JSON: ${(error as Error).message}`);
  }
  const parsedFile = SourceFileSchema.safeParse(json);
  if (!parsedFile.success) {
    throw new OpenfootballSourceError({ file }, describeIssue(parsedFile.error.issues[0]));
  }

  const matches = parsedFile.data.matches.map((raw, index) => {
    const parsed = SourceMatchSchema.safeParse(raw);
    if (!parsed.success) {
      const line = lineOfArrayElement(text, "matches", index);
      throw new OpenfootballSourceError(
        { file, ...(line ? { line } : {}) },
        `match ${index}: ${describeIssue(parsed.error.issues[0])}`,
      );
    }
    try {
      return toSourceMatch(parsed.data, index, seasonKey, timezone, now);
    } catch (error) {
      throw new OpenfootballSourceError({ file }, `match ${index}: ${(error as Error).message}`);
    }
  });
  return {
    file,
    code,
    season_key: seasonKey,
    season_name: seasonName,
    competition_name: parsedFile.data.name,
    timezone,
    matches,
  };
}

/** The competition's zone; an unknown competition is an error that names the file. */
function competitionTimezone(code: string, file: string): string {
  try {
    return timezoneFor(describeCompetition(code).code);
  } catch (error) {
    throw new OpenfootballSourceError({ file }, (error as Error).message);
  }
}

function toSourceMatch(
  json: SourceMatchJson,
  index: number,
  seasonKey: string,
  timezone: string,
  now: Date,
): SourceMatch {
  const { stage, round } = deriveStageAndRound(json.round, json.stage);
  const corrected = correctSplitSeasonYear(json.date, seasonKey);
  const date = corrected ?? json.date;
  const kickoffUtc = localKickoffToUtc(date, json.time, timezone);
  const scores: MatchScores = {};
  for (const key of ["ht", "ft", "et", "p"] as const) {
    const goals = json.score?.[key];
    if (goals) scores[key] = [goals[0], goals[1]];
  }
  return {
    index,
    stage,
    round,
    source_round: json.round,
    date,
    ...(corrected === undefined ? {} : { source_date: json.date }),
    ...(json.time === undefined ? {} : { time: json.time }),
    kickoff_utc: kickoffUtc,
    home_name: json.team1,
    away_name: json.team2,
    scores,
    status: deriveStatus(json.status, scores.ft !== undefined, kickoffUtc, now),
    ...(json.status === undefined ? {} : { source_status: json.status }),
  };
}

function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return "invalid content";
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return `${where}${issue.message}`;
}

const SEASON_DIR_RE = /^\d{4}(-\d{2})?$/;

/** Reads every SEASON/CODE.json under the football.json folder, in path order. */
export function readMatchesDir(dir: string, now: Date): SourceFile[] {
  const files: string[] = [];
  for (const season of readdirSync(dir).filter((name) => SEASON_DIR_RE.test(name))) {
    for (const name of readdirSync(path.join(dir, season))) {
      if (name.endsWith(".json")) files.push(`${season}/${name}`);
    }
  }
  return files.sort().map((file) => parseMatchesFile(readFileSync(path.join(dir, file), "utf8"), file, now));
}
