import type { FixtureStatus } from "../types/statuses.js";
import type { Odd } from "../fixture-parts.js";

/** The languages bet builder explanations are written in (others fall back to English). */
export const CONTENT_LANGUAGES = ["en", "de", "es", "fr", "it", "pt", "nl"] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/**
 * One selection of a bet builder: the Selection (odd) fields as the fixture offered
 * them. `sp` is the selection's price when the bet builder was generated (frozen);
 * `value`, `suspend`, `status`, `outcome`, `last_update` and the score follow the
 * fixture's current odd on every pricing.
 */
export type BetBuilderSelection = Odd;

/**
 * A bet builder as stored in the bet_builders index (indices/bet_builders.json).
 * The `fixture_*` and `league_id` fields are copies of the fixture's current state,
 * for filtering the list without a join: they are written at generation and brought
 * up to date by every pricing (repriceBetBuilders, which the live updates call when
 * a fixture changes, and syncAllBetBuilders after every rebuild).
 */
export type BetBuilderDocument = {
  id: number;
  user_id: number;
  model_id: number;
  fixture_id: number;
  league_id: number;
  fixture_date_time: string;
  fixture_status: FixtureStatus;
  fixture_is_live: boolean;
  /** True once the fixture will not be played as scheduled (any status but NOT_STARTED or in play), or is gone. */
  fixture_finished: boolean;
  /** 1 when the fixture was in play at generation. */
  is_live: 0 | 1;
  /** Current product of the selections' prices; null until the pricing step has priced it. */
  value: number | null;
  /** Product of the selections' prices at generation; never changes. */
  sp: number;
  suspend: 0 | 1;
  status: number;
  last_priced_at: string | null;
  created_at: string;
  raw: Record<string, unknown>;
  meta: Record<string, unknown>;
  /** The explanation in every content language: `{ en: { text }, de: { text }, ... }`. */
  content: Record<ContentLanguage, { text: string }>;
  model: { id: number; name: string; color: string };
  selections: BetBuilderSelection[];
};
