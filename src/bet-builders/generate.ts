import type { Client, estypes } from "@elastic/elasticsearch";
import { IN_PLAY_STATUSES } from "../domain/types/statuses.js";
import { unpackOdds } from "../domain/fixture/packed-odds.js";
import type { IndexNames } from "../store/index-names.js";
import { buildBetBuilder, GENERATION_FIXTURE_FIELDS, type GenerationFixture } from "../domain/bet-builders/build.js";
import type { BetBuilderDocument } from "../domain/bet-builders/document.js";
import { PRICING_FIXTURE_FIELDS } from "../domain/bet-builders/fixture-state.js";
import { readForms } from "./form.js";
import { BET_BUILDER_MODELS, modelById, type BetBuilderModel } from "../domain/bet-builders/models.js";
import { pickCombination } from "../domain/bet-builders/pick.js";
import { predictionsOf } from "../domain/bet-builders/content.js";
import { finalScores, goalViewOf, predictionsOfView } from "../domain/bet-builders/probability.js";
import { createBetBuilders } from "../store/bet-builders.js";
import { searchSources } from "../store/searches.js";

export type GenerateOptions = {
  userId: number;
  /** How many fixtures to generate for (default 10): those in play now, then the next to kick off. */
  fixtures?: number;
  /** Exactly these fixtures instead (still only when in play or not started). */
  fixtureIds?: number[];
  /** The models to run (default: all). */
  modelIds?: number[];
  now?: Date;
};

export type GenerateReport = {
  fixtures: number;
  created: BetBuilderDocument[];
  /** The user already had these exact combinations. */
  existing: number;
  /** Fixture and model pairs for which no combination qualified. */
  skipped: number;
};

/** Upcoming fixtures are looked for this far ahead. */
const HORIZON_MS = 7 * 24 * 3600_000;
export const DEFAULT_FIXTURE_COUNT = 10;

/**
 * Generates one user's bet builders: for each chosen fixture and model, the model's
 * combination (pick.ts) from the fixture's current odds, explained from its metrics
 * and both teams' form. New bet builders are stored unpriced (`value` null); the
 * caller runs the pricing step (repriceForFixtures) right after, which prices them.
 */
export async function generateBetBuilders(
  es: Client,
  indices: Pick<IndexNames, "fixtures" | "fixtures_history" | "fixtures_all" | "bet_builders">,
  options: GenerateOptions,
): Promise<GenerateReport> {
  const now = options.now ?? new Date();
  const models = (options.modelIds ?? BET_BUILDER_MODELS.map((model) => model.id)).map((id) => {
    const model = modelById(id);
    if (!model) throw new Error(`Unknown bet builder model ${id}; known: ${BET_BUILDER_MODELS.map((m) => m.id).join(", ")}`);
    return model;
  });
  const fixtures = await candidateFixtures(es, indices.fixtures, options, now);
  // Form is past matches: history as well as the live part.
  const forms = await readForms(
    es,
    indices.fixtures_all,
    fixtures.flatMap((fixture) => [
      { teamId: fixture.home_team_id, before: fixture.date_time },
      { teamId: fixture.away_team_id, before: fixture.date_time },
    ]),
  );
  const docs: BetBuilderDocument[] = [];
  let skipped = 0;
  fixtures.forEach((fixture, index) => {
    for (const model of models) {
      const doc = generateOne(options.userId, model, fixture, { home: forms[2 * index]!, away: forms[2 * index + 1]! }, now);
      if (doc) docs.push(doc);
      else skipped++;
    }
  });
  const { created, existing } = await createBetBuilders(es, indices.bet_builders, docs);
  return { fixtures: fixtures.length, created, existing, skipped };
}

function generateOne(
  userId: number,
  model: BetBuilderModel,
  fixture: GenerationFixture,
  forms: Parameters<typeof buildBetBuilder>[0]["forms"],
  now: Date,
): BetBuilderDocument | null {
  const view = goalViewOf(fixture);
  if (!view) return null;
  const combination = pickCombination(unpackOdds(fixture.odds ?? [], fixture.id), finalScores(view), model, fixture.is_live);
  if (!combination) return null;
  // In play the explanation quotes the model's view now (score and minutes left), not the pre-match metrics.
  const predictions = fixture.is_live ? predictionsOfView(view) : predictionsOf(fixture.metrics);
  return buildBetBuilder({ userId, model, fixture, combination, forms, predictions, now });
}

/** Fixtures in play now, then those kicking off within a week, in kick-off order. */
export function candidateFixturesSearch(options: Pick<GenerateOptions, "fixtures" | "fixtureIds">, now: Date): estypes.SearchRequest {
  const open: estypes.QueryDslQueryContainer = {
    bool: {
      should: [
        { terms: { status: [...IN_PLAY_STATUSES] } },
        {
          bool: {
            filter: [
              { term: { status: "NOT_STARTED" } },
              { range: { date_time: { gte: now.toISOString(), lte: new Date(now.getTime() + HORIZON_MS).toISOString() } } },
            ],
          },
        },
      ],
      minimum_should_match: 1,
    },
  };
  const byId = options.fixtureIds ? [{ terms: { id: options.fixtureIds } }] : [];
  return {
    size: options.fixtureIds?.length ?? options.fixtures ?? DEFAULT_FIXTURE_COUNT,
    _source: [...PRICING_FIXTURE_FIELDS, ...GENERATION_FIXTURE_FIELDS],
    query: { bool: { filter: [open, ...byId] } },
    sort: [{ date_time: "asc" }, { id: "asc" }],
  };
}

function candidateFixtures(es: Client, index: string, options: GenerateOptions, now: Date): Promise<GenerationFixture[]> {
  return searchSources<GenerationFixture>(es, { index, ...candidateFixturesSearch(options, now) });
}
