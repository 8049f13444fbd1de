import { idListParam, positiveIdParam } from "../../http/id-params.js";
import { languageShape } from "../../http/params.js";
import { z } from "../../openapi/zod.js";
import { FixtureSchema, SelectionSchema } from "../../presenters/fixture-schema.js";
import { BET_BUILDERS_CAP } from "../../search/bet-builders/list-query.js";

const FIXTURE_ID_RULE = "fixture_id must be one positive integer id";
const ID_RULE = "id must be a positive integer";

export const BetBuildersListSchema = z.object({
  model_id: idListParam("model_id").optional().openapi({ description: "Comma-separated model ids (1 Baseline Value, 2 Baseline Banker)" }),
  fixture_id: positiveIdParam(FIXTURE_ID_RULE).optional().openapi({ type: "integer", minimum: 1, description: "One fixture" }),
  league_id: idListParam("league_id").optional(),
  is_live: z
    .enum(["0", "1"], { error: "is_live must be 0 or 1" })
    .transform(Number)
    .optional()
    .openapi({ type: "integer", enum: [0, 1], description: "1 only fixtures in play now, 0 only fixtures not yet started; default both" }),
  ...languageShape,
});
export type BetBuildersListReq = z.output<typeof BetBuildersListSchema>;

export const BetBuilderParamsSchema = z.object({
  id: positiveIdParam(ID_RULE).openapi({ type: "integer", minimum: 1, description: "Bet builder id" }),
});

export const BetBuilderByIdSchema = z.object({ ...languageShape });

const int = () => z.number().int();

export const BetBuilderSchema = z
  .object({
    id: int(),
    user_id: int().openapi({ description: "The authenticated user's id" }),
    model_id: int(),
    is_live: z.union([z.literal(0), z.literal(1)]).openapi({ description: "1 when generated while the fixture was in play" }),
    value: z.number().nullable().openapi({ description: "Current product of the selections' current prices; null until priced" }),
    sp: z.number().nullable().openapi({ description: "Combined price at generation; never changes" }),
    suspend: z.union([z.literal(0), z.literal(1)]).openapi({ description: "1 while a selection is suspended: wait, not cancelled" }),
    status: int().openapi({ description: "0 pending, 1 won, 2 lost, 3 void, 4 half won, 5 half lost" }),
    last_priced_at: z.string().nullable().openapi({ format: "date-time", description: "When value was last set; null until priced" }),
    raw: z.record(z.string(), z.unknown()).openapi({ description: "Bookmaker references (event_id, bookmaker_id, selection_ids); {} when unavailable" }),
    meta: z.record(z.string(), z.unknown()).openapi({ description: "bookmaker {id, name}, model_probability, fair_value, price_boost (null)" }),
    created_at: z.string().openapi({ format: "date-time" }),
    language: z.string().openapi({ description: "The requested language" }),
    content: z
      .object({ text: z.string() })
      .openapi({ description: "Explanation in en, de, es, fr, it, pt or nl; English for other languages" }),
    model: z.object({ id: int(), name: z.string(), color: z.string().openapi({ example: "#1E88E5" }) }).openapi("BetBuilderModel"),
    selections: z.array(SelectionSchema).openapi({ description: "2 to 4 selections of one fixture; sp is the selection's price at generation" }),
  })
  .openapi("BetBuilder");

export const BetBuilderFixtureSchema = FixtureSchema.extend({
  bet_builders: z.array(BetBuilderSchema).openapi({ description: "This user's active bet builders of the fixture, newest first" }),
}).openapi("BetBuilderFixture");

export const BetBuildersResponseSchema = z
  .object({
    fixtures: z.array(BetBuilderFixtureSchema).openapi({ description: `Ordered by date_time; at most ${BET_BUILDERS_CAP} bet builders in all` }),
  })
  .openapi("BetBuildersResponse");
