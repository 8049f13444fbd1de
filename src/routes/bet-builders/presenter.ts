import { CONTENT_LANGUAGES, type BetBuilderDocument, type BetBuilderSelection, type ContentLanguage } from "../../domain/bet-builders/document.js";
import type { z } from "../../openapi/zod.js";
import type { SelectionSchema } from "../../presenters/fixture-schema.js";
import type { BetBuilderFixtureSchema, BetBuilderSchema, BetBuildersResponseSchema } from "./schema.js";

type BetBuilderView = z.input<typeof BetBuilderSchema>;
/** A fixture of GET /bet-builders with the user's bet builders under it (list.ts builds it). */
export type BetBuilderFixtureView = z.input<typeof BetBuilderFixtureSchema>;

/** The response body of GET /bet-builders: the fixtures, each with its bet builders. */
export function presentBetBuilderList(fixtures: BetBuilderFixtureView[]): z.input<typeof BetBuildersResponseSchema> {
  return { fixtures };
}

/**
 * One Bet builder, field by field in the documented order of its fields,
 * so stored-only fields (fixture copies, other languages) never leak. `content` is
 * the requested language's explanation, English when there is none in it.
 */
export function presentBetBuilder(doc: BetBuilderDocument, language: string): BetBuilderView {
  const contentLanguage: ContentLanguage = (CONTENT_LANGUAGES as readonly string[]).includes(language) ? (language as ContentLanguage) : "en";
  const content = doc.content[contentLanguage] ?? doc.content.en;
  return {
    id: doc.id,
    user_id: doc.user_id,
    model_id: doc.model_id,
    is_live: doc.is_live,
    value: doc.value,
    sp: doc.sp,
    suspend: doc.suspend,
    status: doc.status,
    last_priced_at: doc.last_priced_at,
    raw: { ...doc.raw },
    meta: { ...doc.meta },
    created_at: doc.created_at,
    language,
    content: { text: content.text },
    model: { id: doc.model.id, name: doc.model.name, color: doc.model.color },
    selections: doc.selections.map(presentSelection),
  };
}

function presentSelection(selection: BetBuilderSelection): z.input<typeof SelectionSchema> {
  return {
    odd_id: selection.odd_id,
    fixture_id: selection.fixture_id,
    market_id: selection.market_id,
    bookmaker_id: selection.bookmaker_id,
    is_live: selection.is_live,
    label_id: selection.label_id,
    value: selection.value,
    handicap: selection.handicap,
    line: selection.line,
    last_update: selection.last_update,
    suspend: selection.suspend,
    sp: selection.sp,
    home_score: selection.home_score,
    away_score: selection.away_score,
    status: selection.status,
    raw: {
      event_id: selection.raw.event_id,
      market_id: selection.raw.market_id,
      selection_id: selection.raw.selection_id,
      is_betbuilder: selection.raw.is_betbuilder,
      market_type_id: selection.raw.market_type_id,
      selection_type_id: selection.raw.selection_type_id,
    },
    outcome: selection.outcome,
    market_description: selection.market_description,
    market_name: selection.market_name,
    label_name: selection.label_name,
  };
}
