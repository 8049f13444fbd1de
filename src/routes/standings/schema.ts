import { positiveIdParam } from "../../http/id-params.js";
import { languageShape } from "../../http/params.js";
import { z } from "../../openapi/zod.js";

const SEASON_ID_RULE = "season_id must be a positive integer";

/**
 * season_id is required; missing, malformed and non-positive values share one 400 text
 * (docs/api-behaviour.md, "One text per required parameter").
 */
export const StandingsListSchema = z.object({
  season_id: positiveIdParam(SEASON_ID_RULE).openapi({
    type: "integer",
    minimum: 1,
    description: "The season; an unknown one gives an empty list",
  }),
  ...languageShape,
});
export type StandingsListReq = z.output<typeof StandingsListSchema>;

const int = () => z.number().int();
const named = z.object({ id: int(), name: z.string() });

export const StandingStatisticSchema = z
  .object({
    team_id: int(),
    type_id: int().openapi({ description: "A type of developer_type standings (GET /types?developer_type=standings)" }),
    developer_name: z.string().openapi({ example: "OVERALL_MATCHES_PLAYED" }),
    value: int(),
  })
  .openapi("StandingStatistic");

export const StandingRowSchema = z
  .object({
    season: named,
    stage: named.nullable().openapi({ description: "null when the competition has no stages" }),
    group: named.nullable().openapi({ description: "null when the stage has no groups" }),
    position: int().openapi({ description: "Rank in this table (stage and group); the same in every language" }),
    team: z.object({ id: int(), name: z.string().openapi({ description: "Localized, English fallback" }) }),
    points: int().openapi({ description: "3 a win, 1 a draw" }),
    result: z.string().nullable().openapi({
      description: "Qualification or relegation note for the position (per-league configuration), null without one",
      example: "UEFA Champions League",
    }),
    statistics: z.array(StandingStatisticSchema).openapi({
      description:
        "Played, won, drawn, lost, goals for, goals against, goal difference and points, overall (OVERALL_*), at home (HOME_*) and away (AWAY_*)",
    }),
  })
  .openapi("StandingRow");

export const StandingsResponseSchema = z
  .object({
    standings: z.array(StandingRowSchema).openapi({
      description: "Every table of the season in one flat list, ordered by stage, group, position; group by stage.id and group.id",
    }),
  })
  .openapi("StandingsResponse");
