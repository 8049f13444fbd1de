import { FIXTURE_INCLUDES } from "../../domain/fixture/includes.js";
import { parseFilters, type FilterKind } from "../../http/bracket-params.js";
import { readPositiveId } from "../../http/id-params.js";
import { enumListParam, integerParam, languageShape } from "../../http/params.js";
import { parseQuery, resolveLanguage, type QueryRequest } from "../../http/query.js";
import { z } from "../../openapi/zod.js";
import type { Filters } from "../../presenters/fixture-filters.js";
import { FixtureSchema } from "../../presenters/fixture-schema.js";
import type { HeadToHeadInput } from "../../search/head-to-head/head-to-head-request.js";
import { filterShape } from "../fixtures/schema.js";

/** Meetings listed without `limit`, and at most (the summary counts every meeting either way). */
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;

/**
 * The modules of /fixtures that live in the fixture document: every one but last_fixtures, which
 * is a second search per fixture (a meeting's form is another request to /fixtures).
 */
export const HEAD_TO_HEAD_INCLUDES = FIXTURE_INCLUDES.filter((include) => include !== "last_fixtures");

const FILTERS: readonly FilterKind[] = ["metrics", "statistics", "odds", "trends"];

export const TEAM_IDS_RULE = "team_ids must be two different positive integer team ids, comma-separated, for example team_ids=8,564";

/** Digits without leading zeros: two spellings of one id (`08`, `8`) are the same team. */
const canonical = (digits: string) => digits.replace(/^0+/, "");

/** `A,B`: exactly two positive integer ids, different, in the order given. */
const teamIdsParam = z
  .string({ error: TEAM_IDS_RULE })
  .transform((value, ctx): [number, number] => {
    const items = value.split(",").map((item) => item.trim());
    const ids = items.map(readPositiveId);
    const [first, second] = ids;
    if (items.length !== 2 || first == null || second == null || canonical(items[0] ?? "") === canonical(items[1] ?? "")) {
      ctx.addIssue({ code: "custom", message: TEAM_IDS_RULE });
      return z.NEVER;
    }
    return [first, second];
  })
  .openapi({ type: "string", pattern: "^\\d+,\\d+$", description: "Required: the two teams, `A,B` (their home and away meetings both count)", example: "8,564" });

export const FixturesHeadToHeadSchema = z.object({
  team_ids: teamIdsParam,
  limit: integerParam("limit", { min: 1, max: MAX_LIMIT })
    .optional()
    .openapi({ description: `Meetings listed, newest first; default ${DEFAULT_LIMIT}. The summary counts every meeting.` }),
  include: enumListParam("include", HEAD_TO_HEAD_INCLUDES).optional(),
  ...filterShape,
  "filter[trends]": z.string().optional().openapi({ description: "Needs include=trends, as on /fixtures" }),
  ...languageShape,
});
export type FixturesHeadToHeadReq = z.output<typeof FixturesHeadToHeadSchema>;

/** Validated GET /fixtures/head-to-head input: the builders' and what the presenter needs besides. */
export type FixturesHeadToHeadInput = HeadToHeadInput & { language: string; filters: Filters };

/**
 * The one validation step of GET /fixtures/head-to-head, its rules in this order (the first broken
 * is the 400): the plain parameters (team_ids first), language, filter[...].
 */
export function fixturesHeadToHeadInput(request: QueryRequest): FixturesHeadToHeadInput {
  const query = parseQuery(request, FixturesHeadToHeadSchema);
  const language = resolveLanguage(query);
  const includes: ReadonlySet<string> = new Set(query.include ?? []);
  const filters = parseFilters(request.query, FILTERS, includes);
  return { teamIds: query.team_ids, limit: query.limit ?? DEFAULT_LIMIT, includes, language, filters };
}

const share = (description: string) => z.number().nullable().openapi({ description });

export const HeadToHeadSummarySchema = z
  .object({
    meetings: z.number().int().openapi({ description: "Every meeting: the two teams against each other, either at home, finished (FT, AWARDED) with a score" }),
    teams: z
      .array(
        z
          .object({ team_id: z.number().int(), wins: z.number().int().openapi({ description: "Meetings this team won (final score, extra time included)" }) })
          .openapi("HeadToHeadTeam"),
      )
      .openapi({ description: "Both teams, in the order of team_ids" }),
    draws: z.number().int(),
    average_goals: share("Mean total goals per meeting, 3 decimals; null without a meeting"),
    both_teams_scored_share: share("Share of meetings in which both teams scored (0 to 1), 4 decimals; null without a meeting"),
  })
  .openapi("HeadToHeadSummary");

export const FixturesHeadToHeadResponseSchema = z
  .object({
    fixtures: z.array(FixtureSchema).openapi({ description: "The last `limit` meetings, newest first (kick-off, then id)" }),
    summary: HeadToHeadSummarySchema,
  })
  .openapi("FixturesHeadToHeadResponse");
