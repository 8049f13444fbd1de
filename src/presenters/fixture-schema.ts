import type { FixtureInclude } from "../domain/fixture/includes.js";
import { FIXTURE_STATUSES } from "../domain/types/statuses.js";
import { z } from "../openapi/zod.js";
import { LAST_FIXTURES_LIMIT } from "../search/fixture-list/last-fixtures-query.js";

/**
 * The one declaration of the Fixture object's shape: the OpenAPI description of every route
 * that returns fixtures, and, through `z.input` (what the schema describes, before any parse),
 * the types presentFixture builds (fixture-presenter.ts), one per variant. A field added here
 * fails the type check until the presenter writes it. Response schemas only document; they never validate.
 */

const int = () => z.number().int();
const named = (name: string) => z.object({ id: int(), name: z.string() }).openapi(name);

export const ScoreSchema = z
  .object({
    fixture_id: int(),
    team_id: int(),
    value: int().openapi({ description: "Goals" }),
    developer_name: z.enum(["1ST_HALF", "2ND_HALF", "2ND_HALF_ONLY", "CURRENT"]).openapi({
      description:
        "1ST_HALF: goals in the first half; 2ND_HALF: total after the second half; 2ND_HALF_ONLY: goals in the second half; CURRENT: total now, extra time included, shoot-out excluded",
    }),
  })
  .openapi("Score");

export const PeriodSchema = z
  .object({
    period_id: int(),
    fixture_id: int(),
    started: int().openapi({ description: "Unix seconds" }),
    ended: int().nullable().openapi({ description: "Unix seconds; null while the period is being played" }),
    counts_from: int().openapi({ description: "Minute the period counts from: 0, 45, 90, 105 (120 for penalties)" }),
    ticking: z.union([z.literal(0), z.literal(1)]),
    sort_order: int(),
    time_added: int().openapi({ description: "Added minutes" }),
    period_length: int().openapi({ description: "Regular minutes of the period" }),
    minutes: int().openapi({ description: "Elapsed minutes" }),
    seconds: int().openapi({ description: "Elapsed seconds within the minute" }),
    developer_name: z.enum(["1ST_HALF", "2ND_HALF", "EXTRA_TIME_1ST", "EXTRA_TIME_2ND", "PENALTIES"]),
  })
  .openapi("Period");

export const StatisticEntrySchema = z
  .object({
    team_id: int().openapi({ description: "0 means a league- or match-level value" }),
    type_id: int(),
    developer_name: z.string().openapi({ description: "As listed by GET /types" }),
    value: int(),
  })
  .openapi("StatisticEntry");

export const SelectionSchema = z
  .object({
    odd_id: int(),
    fixture_id: int(),
    market_id: int(),
    bookmaker_id: int(),
    is_live: z.union([z.literal(0), z.literal(1)]),
    label_id: int(),
    value: z.number().openapi({ description: "Decimal odds" }),
    handicap: z.number(),
    line: z.number(),
    last_update: int().openapi({ description: "Unix seconds" }),
    suspend: z.union([z.literal(0), z.literal(1)]),
    sp: z.number().openapi({ description: "Starting price" }),
    home_score: int(),
    away_score: int(),
    status: int().openapi({ description: "0 pending, 1 won, 2 lost, 3 void, 4 half won, 5 half lost" }),
    raw: z.object({
      event_id: z.string(),
      market_id: z.string(),
      selection_id: z.string(),
      is_betbuilder: z.boolean(),
      market_type_id: z.string(),
      selection_type_id: int(),
    }),
    outcome: z.string().openapi({ example: "Pending" }),
    market_description: z.string(),
    market_name: z.string(),
    label_name: z.string(),
  })
  .openapi("Selection");

export const FairOddSchema = z
  .object({
    market_id: int(),
    market_name: z.string(),
    label_id: int(),
    label_name: z.string(),
    probability: z.number().min(0).max(1),
    fair_value: z.number().openapi({ description: "1 / probability, decimal odds" }),
    model_id: int(),
    updated_at: z.string().openapi({ format: "date-time" }),
  })
  .openapi("FairOdd");

export const MovementSchema = z
  .object({
    odd_id: int(),
    bookmaker_id: int(),
    market_id: int(),
    label_id: int(),
    history: z
      .array(z.object({ value: z.number(), timestamp: int().openapi({ description: "Unix seconds" }) }))
      .openapi({ description: "Oldest first" }),
  })
  .openapi("Movement");

export const TrendSchema = z
  .object({
    team_id: int(),
    period_id: int().openapi({ description: "Disambiguates repeated minutes (45 ends the first half and starts the second)" }),
    minute: int().openapi({
      description: "Global match minute: 1st half 1..45+, 2nd half from 45, extra time 90..105+ and 105..120+",
    }),
    type_id: int(),
    developer_name: z.string(),
    value: int().openapi({
      description:
        "Cumulative from kick-off, never reset between periods; EXPECTED_GOALS x100; BALL_POSSESSION and PRESSURE_INDEX are running values 0-100",
    }),
  })
  .openapi("Trend");

export const ParticipantSchema = z
  .object({
    id: int(),
    name: z.string().openapi({ description: "Localized, English fallback" }),
    position: int().nullable().openapi({ description: "Rank in the current table of the season and stage; null when the team has no table" }),
    location: z.enum(["home", "away"]),
  })
  .openapi("Participant");

const SeasonSchema = z
  .object({
    id: int(),
    name: z.string(),
    starting_at: z.string().nullable().openapi({ format: "date", description: "Date of the season's first fixture" }),
    ending_at: z.string().nullable().openapi({ format: "date", description: "Date of the season's last fixture" }),
    is_current: z.boolean(),
  })
  .openapi("Season");

const fixtureFields = {
  id: int(),
  date_time: z.string().openapi({ format: "date-time", description: "UTC, YYYY-MM-DDTHH:mm:ss.sssZ" }),
  status: z.enum(FIXTURE_STATUSES),
  is_live: z.boolean().openapi({ description: "true while the fixture is in play" }),
  language: z.string().openapi({ description: "Language of the localized names (the requested code)" }),
  sport: named("Sport"),
  country: z.object({ id: int(), name: z.string(), alpha3: z.string() }).openapi("Country"),
  league: z.object({ id: int(), name: z.string(), level: int() }).openapi("League"),
  season: SeasonSchema,
  group: named("Group").nullable().openapi({ description: "null when not applicable" }),
  stage: named("Stage").nullable().openapi({ description: "null when the competition has no stages" }),
  participants: z.array(ParticipantSchema),
  scores: z.array(ScoreSchema).openapi({ description: "Empty when there is no score data" }),
  periods: z.array(PeriodSchema).openapi({ description: "Empty when there is no period data" }),
  updated_at: z.string().openapi({ format: "date-time", description: "When the stored state shown was written (UTC): how fresh the values are" }),
};

/** The modules include=odds and the like add; every variant may carry them, in this order. */
const modules = {
  odds: z.array(SelectionSchema).optional().openapi({ description: "include=odds; narrowed by filter[odds]" }),
  statistics: z.array(StatisticEntrySchema).optional().openapi({ description: "include=statistics; narrowed by filter[statistics]" }),
  metrics: z.array(StatisticEntrySchema).optional().openapi({ description: "include=metrics; narrowed by filter[metrics]" }),
};

/** A previous match in last_fixtures: the Fixture fields plus complete statistics and metrics. */
const LastFixtureSchema = z
  .object({ ...fixtureFields, statistics: z.array(StatisticEntrySchema), metrics: z.array(StatisticEntrySchema) })
  .openapi("LastFixture");

export const FixtureSchema = z
  .object({
    ...fixtureFields,
    ...modules,
    fair_odds: z.array(FairOddSchema).optional().openapi({ description: "include=fair_odds" }),
    movement: z.array(MovementSchema).optional().openapi({ description: "include=movement; pre-match odds history" }),
    trends: z.array(TrendSchema).optional().openapi({ description: "include=trends; narrowed by filter[trends]" }),
    last_fixtures: z
      .object({ home: z.array(LastFixtureSchema), away: z.array(LastFixtureSchema) })
      .optional()
      .openapi({
        description:
          `include=last_fixtures: up to ${LAST_FIXTURES_LIMIT} matches the home team played at home and the away team played away, before this kick-off, most recent first`,
      }),
  })
  .openapi("Fixture");

/** The keys of the optional modules: a fixture shown without includes has none of them (`FixtureSchema.omit(...)`). */
export const FIXTURE_MODULE_KEYS = {
  odds: true,
  statistics: true,
  metrics: true,
  fair_odds: true,
  movement: true,
  last_fixtures: true,
  trends: true,
} as const satisfies Record<FixtureInclude, true>;

/** /livescores: season carries only id and name; includes odds (in-play only), statistics, metrics. */
export const LivescoreFixtureSchema = z
  .object({ ...fixtureFields, season: named("LivescoreSeason"), ...modules })
  .openapi("LivescoreFixture");

/** A /fixtures/search result: the Fixture object without group and stage, with the three modules search offers. */
export const SearchFixtureSchema = FixtureSchema.omit({
  group: true,
  stage: true,
  fair_odds: true,
  movement: true,
  last_fixtures: true,
  trends: true,
}).openapi("SearchFixture");

/**
 * The "entity" variant (/search, which adds `score`): no includes, date_time without
 * milliseconds, participants without position, no updated_at.
 */
export const EntityFixtureSchema = FixtureSchema.omit({ ...FIXTURE_MODULE_KEYS, updated_at: true }).extend({
  date_time: z.string().openapi({ format: "date-time", description: "UTC, without milliseconds (YYYY-MM-DDTHH:mm:ssZ)" }),
  participants: z.array(ParticipantSchema.omit({ position: true }).openapi("EntitySearchParticipant")),
});

type Modules = Partial<Pick<z.input<typeof FixtureSchema>, keyof typeof FIXTURE_MODULE_KEYS>>;
type WithModules<T> = Omit<T, keyof Modules> & Modules;

/** What presentFixture builds, per variant (fixture-presenter.ts, `FixtureVariant`). */
export type FixtureView = z.input<typeof FixtureSchema>;
export type LivescoreFixtureView = WithModules<z.input<typeof LivescoreFixtureSchema>>;
export type SearchFixtureView = WithModules<z.input<typeof SearchFixtureSchema>>;
export type EntityFixtureView = WithModules<z.input<typeof EntityFixtureSchema>>;
export type LastFixtureView = z.input<typeof LastFixtureSchema>;
export type StatisticView = z.input<typeof StatisticEntrySchema>;
export type SelectionView = z.input<typeof SelectionSchema>;
export type AnyFixtureView = FixtureView | LivescoreFixtureView | SearchFixtureView | EntityFixtureView;
