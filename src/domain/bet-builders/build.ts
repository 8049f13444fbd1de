import type { FixtureDocument } from "../fixture/fixture-document.js";
import type { Odd } from "../fixture-parts.js";
import { BOOKMAKERS } from "../football/odds/markets.js";
import { stableId } from "../stable-id.js";
import { explain, type Predictions } from "./content.js";
import type { BetBuilderDocument, BetBuilderSelection } from "./document.js";
import { fixtureCopy, scoreOf, type PricingFixture } from "./fixture-state.js";
import type { TeamForm } from "./form.js";
import type { BetBuilderModel } from "./models.js";
import type { Combination } from "./pick.js";

/** What generation reads from a fixture: the pricing fields plus metrics and names. */
export type GenerationFixture = PricingFixture & Pick<FixtureDocument, "metrics" | "participants" | "names">;

export const GENERATION_FIXTURE_FIELDS = ["metrics", "participants", "names.teams"] as const;

/**
 * Deterministic: one user never gets the same combination from the same model twice
 * (generation writes with op_type create, so a repeat is skipped, not duplicated).
 */
export function betBuilderId(userId: number, modelId: number, fixtureId: number, oddIds: readonly number[]): number {
  return stableId("bet-builder", `${userId}:${modelId}:${fixtureId}:${[...oddIds].sort((a, b) => a - b).join(",")}`);
}

/**
 * A new bet builder: `sp` (and every selection's `sp`) frozen at the prices of this
 * moment, `value` null and `last_priced_at` null until the pricing step prices it.
 */
export function buildBetBuilder(input: {
  userId: number;
  model: BetBuilderModel;
  fixture: GenerationFixture;
  combination: Combination;
  forms: { home: TeamForm; away: TeamForm };
  /** The model's view the explanation quotes (pre-match metrics, or the live view in play). */
  predictions: Predictions | null;
  now: Date;
}): BetBuilderDocument {
  const { userId, model, fixture, combination, forms, predictions, now } = input;
  const oddIds = combination.odds.map((odd) => odd.odd_id);
  const namesOf = (teamId: number) => {
    const english = fixture.participants.find((participant) => participant.id === teamId)?.name ?? String(teamId);
    return { ...fixture.names?.teams?.[String(teamId)], en: english };
  };
  const bookmaker = BOOKMAKERS.find((candidate) => candidate.id === combination.bookmakerId);
  return {
    id: betBuilderId(userId, model.id, fixture.id, oddIds),
    user_id: userId,
    model_id: model.id,
    ...fixtureCopy(fixture),
    is_live: fixture.is_live ? 1 : 0,
    value: null,
    sp: combination.price,
    suspend: 0,
    status: 0,
    last_priced_at: null,
    created_at: now.toISOString(),
    raw: bookmakerReferences(fixture.id, combination),
    meta: {
      bookmaker: bookmaker ? { id: bookmaker.id, name: bookmaker.name } : null,
      model_probability: Math.round(combination.probability * 10_000) / 10_000,
      fair_value: Math.round((100 / combination.probability)) / 100,
      price_boost: null,
    },
    content: explain({
      home: namesOf(fixture.home_team_id),
      away: namesOf(fixture.away_team_id),
      homeForm: forms.home,
      awayForm: forms.away,
      predictions,
      live: fixture.is_live
        ? {
            minute: fixture.minute ?? 0,
            home: scoreOf(fixture, fixture.home_team_id, "CURRENT") ?? 0,
            away: scoreOf(fixture, fixture.away_team_id, "CURRENT") ?? 0,
          }
        : null,
      legs: combination.odds,
      probability: combination.probability,
      price: combination.price,
    }),
    model: { id: model.id, name: model.name, color: model.color },
    selections: combination.odds.map((odd) => selectionOf(odd)),
  };
}

/** A selection as offered now, its `sp` the price of this moment. */
export function selectionOf(odd: Odd): BetBuilderSelection {
  return {
    odd_id: odd.odd_id,
    fixture_id: odd.fixture_id,
    market_id: odd.market_id,
    bookmaker_id: odd.bookmaker_id,
    is_live: odd.is_live,
    label_id: odd.label_id,
    value: odd.value,
    handicap: odd.handicap,
    line: odd.line,
    last_update: odd.last_update,
    suspend: odd.suspend,
    sp: odd.value,
    home_score: odd.home_score,
    away_score: odd.away_score,
    status: odd.status,
    raw: { ...odd.raw },
    outcome: odd.outcome,
    market_description: odd.market_description,
    market_name: odd.market_name,
    label_name: odd.label_name,
  };
}

/** The bookmaker's references of the combination: its event and selections, when every leg has them; else {}. */
function bookmakerReferences(fixtureId: number, combination: Combination): Record<string, unknown> {
  const selectionIds = combination.odds.map((odd) => odd.raw?.selection_id);
  if (selectionIds.some((id) => !id)) return {};
  return {
    event_id: combination.odds[0]?.raw.event_id ?? String(fixtureId),
    bookmaker_id: String(combination.bookmakerId),
    selection_ids: selectionIds,
  };
}
