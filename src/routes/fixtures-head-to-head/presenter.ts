import { round } from "../../domain/football/odds/book.js";
import type { z } from "../../openapi/zod.js";
import type { HeadToHeadCounts } from "../../store/head-to-head-reads.js";
import type { HeadToHeadSummarySchema } from "./schema.js";

/**
 * The summary of GET /fixtures/head-to-head, field by field, from Elasticsearch's counts over every
 * meeting: both teams in the order asked for, and the ratios divided here, once (null without a meeting).
 */
export function presentHeadToHeadSummary(teamIds: readonly [number, number], counts: HeadToHeadCounts): z.input<typeof HeadToHeadSummarySchema> {
  const { meetings } = counts;
  return {
    meetings,
    teams: teamIds.map((teamId) => ({ team_id: teamId, wins: counts.wins.get(teamId) ?? 0 })),
    draws: counts.draws,
    average_goals: meetings === 0 ? null : round(counts.goals / meetings, 3),
    both_teams_scored_share: meetings === 0 ? null : round(counts.bothScored / meetings, 4),
  };
}
