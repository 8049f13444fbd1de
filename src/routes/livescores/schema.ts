import { enumListParam, integerParam, languageShape } from "../../http/params.js";
import { z } from "../../openapi/zod.js";
import { LIVE_INCLUDES } from "../../domain/fixture/includes.js";
import { LivescoreFixtureSchema } from "../../presenters/fixture-schema.js";
import { filterShape } from "../fixtures/schema.js";
import { idListParam } from "../fixtures/id-list-param.js";

export const LivescoresListSchema = z.object({
  sport_id: integerParam("sport_id", { min: 1 }).optional().openapi({ description: "Default 1 (football, the only sport with data)" }),
  league_id: idListParam("league_id").optional(),
  include: enumListParam("include", LIVE_INCLUDES).optional().openapi({
    description: "Comma-separated, from: odds (in-play prices only, is_live = 1), statistics, metrics",
  }),
  ...filterShape,
  ...languageShape,
});
export type LivescoresListReq = z.output<typeof LivescoresListSchema>;

export const LivescoresResponseSchema = z
  .object({ fixtures: z.array(LivescoreFixtureSchema) })
  .openapi("LivescoresResponse");
