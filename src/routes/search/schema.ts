import { enumListParam, integerParam, languageShape } from "../../http/params.js";
import { z } from "../../openapi/zod.js";
import { EntityFixtureSchema } from "../../presenters/fixture-schema.js";
import { ENTITY_TYPES } from "../../search/entity/search-plan.js";

export const DEFAULT_LIMIT = 5;
export const MAX_Q_LENGTH = 100;
const MAX_LIMIT = 20;

/**
 * q and types are required; an empty or blank value counts as missing (docs/api-behaviour.md,
 * "One text per required parameter").
 */
export const EntitySearchSchema = z.object({
  q: z
    .string({ error: "q is required" })
    .trim()
    .min(1, "q is required")
    .max(MAX_Q_LENGTH, `q must be at most ${MAX_Q_LENGTH} characters`)
    .openapi({ description: `Search text, 1 to ${MAX_Q_LENGTH} characters after trimming`, example: "tottenham" }),
  types: z
    .string({ error: "types is required" })
    .refine((value) => value.trim().length > 0, "types is required")
    .pipe(enumListParam("types", ENTITY_TYPES, "type"))
    .openapi({ type: "string", description: `Comma-separated, from: ${ENTITY_TYPES.join(", ")}`, example: "team,league" }),
  limit: integerParam("limit", { min: 1, max: MAX_LIMIT })
    .optional()
    .openapi({ description: `Items per type, 1 to ${MAX_LIMIT}; default ${DEFAULT_LIMIT}` }),
  ...languageShape,
});
export type EntitySearchReq = z.output<typeof EntitySearchSchema>;

const int = () => z.number().int();
const score = () =>
  z.number().min(0).max(1).openapi({
    description: "1 when the folded query equals a name or alternate name; lower for codes, prefixes, misspellings and partial names",
  });
const countryRef = () => z.object({ id: int(), name: z.string(), alpha3: z.string() });

export const SearchCountrySchema = z
  .object({ id: int(), name: z.string(), alpha3: z.string(), score: score() })
  .openapi("SearchCountry");

export const SearchLeagueSchema = z
  .object({
    region: z.object({ id: int(), name: z.string() }),
    country: countryRef().openapi({ description: "International competitions carry their area (Europe, EUR; South America, SAM)" }),
    league: z.object({ id: int(), name: z.string(), level: int() }),
    season: z
      .object({
        id: int(),
        name: z.string(),
        starting_at: z.string().nullable().openapi({ format: "date" }),
        ending_at: z.string().nullable().openapi({ format: "date" }),
        is_current: z.boolean(),
      })
      .nullable()
      .openapi({ description: "The league's current season; null for a league without one" }),
    sport: z.object({ id: int(), name: z.string() }),
    count: int().openapi({ description: "Fixtures of that season" }),
    live: int().openapi({ description: "Fixtures of the league in play now (computed at request time)" }),
    popular: z.boolean(),
    level: int(),
    has_search: z.boolean().openapi({ description: "The league has fixtures usable in /fixtures/search" }),
    score: score(),
  })
  .openapi("SearchLeague");

export const SearchTeamSchema = z
  .object({
    id: int(),
    name: z.string(),
    short_code: z.string(),
    national_team: z.boolean(),
    country: countryRef(),
    score: score(),
  })
  .openapi("SearchTeam");

/**
 * A /search fixture: the Fixture object as the "entity" variant presents it without
 * includes (date_time without milliseconds, participants without position, no updated_at),
 * plus score.
 */
export const EntitySearchFixtureSchema = EntityFixtureSchema.extend({ score: score() }).openapi("EntitySearchFixture");

export const EntitySearchResponseSchema = z
  .object({
    countries: z.array(SearchCountrySchema).optional(),
    leagues: z.array(SearchLeagueSchema).optional(),
    teams: z.array(SearchTeamSchema).optional(),
    fixtures: z.array(EntitySearchFixtureSchema).optional(),
  })
  .openapi("EntitySearchResponse", { description: "Only the keys of the requested types; each list by score, best first" });
