import { enumListParam, integerParam, languageShape } from "../../http/params.js";
import { parseQuery, resolveLanguage, type QueryRequest } from "../../http/query.js";
import { z } from "../../openapi/zod.js";
import { LIVE_INCLUDES } from "../../domain/fixture/includes.js";
import { LivescoreFixtureSchema } from "../../presenters/fixture-schema.js";
import { filterShape } from "../fixtures/schema.js";
import { parseFilters, type FilterKind } from "../../http/bracket-params.js";
import { idListParam } from "../../http/id-params.js";
import type { Filters } from "../../presenters/fixture-filters.js";

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

const FILTERS: readonly FilterKind[] = ["metrics", "statistics", "odds"];

/** Validated GET /livescores input: what the builder and the presenter take. */
export type LivescoresInput = {
  language: string;
  includes: ReadonlySet<string>;
  filters: Filters;
  sportId: number;
  leagueIds: number[] | undefined;
};

/** The one validation step of GET /livescores: the plain parameters, language, then filter[...]. */
export function livescoresInput(request: QueryRequest): LivescoresInput {
  const query = parseQuery(request, LivescoresListSchema);
  const language = resolveLanguage(query);
  const includes: ReadonlySet<string> = new Set(query.include ?? []);
  const filters = parseFilters(request.query, FILTERS, includes);
  return { language, includes, filters, sportId: query.sport_id ?? 1, leagueIds: query.league_id };
}

export const LivescoresResponseSchema = z
  .object({ fixtures: z.array(LivescoreFixtureSchema) })
  .openapi("LivescoresResponse");
