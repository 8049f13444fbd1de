import { LAST_MINUTE, OUTCOMES } from "../../domain/backtest/in-play-figures.js";
import { BadRequestError } from "../../http/errors.js";
import { idListParam } from "../../http/id-params.js";
import { integerParam } from "../../http/params.js";
import { parseQuery, type QueryRequest } from "../../http/query.js";
import { bracketedParam, whereAsOnSearch } from "../../http/bracketed-param.js";
import { z } from "../../openapi/zod.js";
import type { InPlayBacktestInput } from "../../search/backtest/in-play-request.js";
import { DEFAULT_DAYS, kickoffDays } from "../../backtest/kickoff-days.js";
import { inPlayWhere } from "../../backtest/in-play-where.js";

const FIRST_MINUTE = 1;

const inPlayShape = {
  league_id: idListParam("league_id").optional(),
  start_date: z.string().optional().openapi({
    description: `YYYY-MM-DD, the first UTC day of kick-off (inclusive). Default: ${DEFAULT_DAYS} days ending on end_date.`,
  }),
  end_date: z.string().optional().openapi({ description: "YYYY-MM-DD, the last UTC day of kick-off (inclusive), not after today. Default today." }),
  minute_from: integerParam("minute_from", { min: FIRST_MINUTE, max: LAST_MINUTE })
    .optional()
    .openapi({ description: `The first minute a state is tried at (inclusive). Default ${FIRST_MINUTE}.` }),
  minute_to: integerParam("minute_to", { min: FIRST_MINUTE, max: LAST_MINUTE })
    .optional()
    .openapi({ description: `The last minute a state is tried at (inclusive); first-half added time keeps its number (46, 47). Default ${LAST_MINUTE}.` }),
};

/** The plain parameters of GET /fixtures/backtest/in-play; where[...] goes through src/http/bracket-params.ts. */
export const InPlayBacktestSchema = z.object(inPlayShape);

/**
 * The one validation step of GET /fixtures/backtest/in-play, its rules in this order (the first
 * broken is the 400): the plain parameters, the minutes, the dates, where.
 */
export function inPlayBacktestInput(request: QueryRequest, now: Date): InPlayBacktestInput {
  const query = parseQuery(request, InPlayBacktestSchema);
  const minutes = { from: query.minute_from ?? FIRST_MINUTE, to: query.minute_to ?? LAST_MINUTE };
  if (minutes.from > minutes.to) throw new BadRequestError("minute_from must not be after minute_to");
  const { start, end } = kickoffDays(query.start_date, query.end_date, now);
  return { leagueIds: query.league_id, ...inPlayWhere(request.query), start, end, minutes };
}

/** The documented form of every parameter, where[...] included (deepObject style); only OpenAPI reads it. */
export const InPlayBacktestDocSchema = z.object({
  ...inPlayShape,
  where: bracketedParam(
    whereAsOnSearch(
      "on the trends (GOALS, CORNERS, ...), their windowed forms (NAME_LAST_5/10/15) and the pre-match metrics; any other name is a 400. " +
        "At each state a trend is its cumulative value there (LEAGUE = HOME + AWAY), a windowed value its gain over the last N minutes, " +
        "a metric its pre-match value.",
    ),
    { DANGEROUS_ATTACKS_LAST_10: "12:999:HOME", GOALS: "0:0" },
  ),
});

const count = (description: string) => z.number().int().openapi({ description });
const hits = z.object(Object.fromEntries(OUTCOMES.map((outcome) => [outcome, z.number().int()])) as Record<(typeof OUTCOMES)[number], z.ZodNumber>);

export const InPlayBacktestResponseSchema = z
  .object({
    in_play: z
      .object({
        fixtures: count("Finished fixtures (FT, AWARDED) kicking off in the range, with trends"),
        fired: count("Fixtures where the rule fired: every condition held at a state of the minute range"),
        first_minute_average: z.number().nullable().openapi({ description: "Mean minute of the first fire, 2 decimals; null without a fire" }),
      })
      .openapi("InPlayBacktestSummary"),
    outcomes: z.array(
      z
        .object({
          outcome: z.enum(OUTCOMES),
          hits: count("Fixtures that fired and then had the outcome"),
          strike_rate: z.number().nullable().openapi({ description: "hits / fired, 4 decimals; null without a fire" }),
          fair_odds: z.number().nullable().openapi({ description: "fired / hits, 3 decimals; null without a hit" }),
        })
        .openapi("InPlayOutcome", {
          description:
            "goal_after, home_goal_after, away_goal_after, no_goal_after: from the first fire to the end of the second half (extra time never counts); " +
            "home_win, draw, away_win, over_0_5 ... over_4_5 (total goals), btts: the 90-minute result. Every outcome, in this order.",
        }),
    ),
    by_minute: z.array(
      z
        .object({ from: z.number().int(), to: z.number().int(), fired: count("Fixtures whose first fire was in these minutes") })
        .openapi("InPlayMinuteBucket", { description: "The minute of the first fire in 5-minute buckets, 1-5 to 86-90, every bucket" }),
    ),
    by_league: z.array(
      z
        .object({
          league: z.object({ id: z.number().int(), name: z.string() }).openapi("InPlayLeagueName"),
          fired: z.number().int(),
          hits: hits.openapi("InPlayLeagueHits", { description: "Every outcome's hits in the league" }),
        })
        .openapi("InPlayLeague", { description: "Leagues where the rule fired, by id" }),
    ),
  })
  .openapi("InPlayBacktestResponse");
