import { NON_EXACT_CAP } from "./name-score.js";

/**
 * The prominence prior in the score (docs/api-behaviour.md, "Entity search prominence"). A
 * match that is not an exact name moves PRIOR_WEIGHT x prior x trust of the way from its text
 * score towards NON_EXACT_CAP:
 *
 *   score = text + (0.99 - text) x 0.7 x prior x trust
 *
 * - prior: the entity's prominence, 0 to 1, computed at rebuild time (src/ingest/documents/prominence.ts).
 * - trust: 1 when the query's words equal or begin the name's words (QC >= 0.9), falling to 0
 *   at QC 0.85: a match through slips is judged on its letters alone.
 * The move shrinks as the text score rises, so a short, ambiguous query ("city", "bar", "gala",
 * 0.75-0.85) is settled by fame, a near-complete match hardly moves, an exact name stays 1, and
 * a higher text score with an equal or higher prior always stays ahead.
 */
export const PRIOR_WEIGHT = 0.7;
const TRUSTED_QUALITY = 0.9;
const UNTRUSTED_QUALITY = 0.85;

export function priorTrust(quality: number): number {
  return Math.min(1, Math.max(0, (quality - UNTRUSTED_QUALITY) / (TRUSTED_QUALITY - UNTRUSTED_QUALITY)));
}

export function withPrior(textScore: number, prior: number | undefined, quality = 1): number {
  if (textScore >= NON_EXACT_CAP) return textScore;
  const bounded = Math.min(1, Math.max(0, prior ?? 0));
  return textScore + (NON_EXACT_CAP - textScore) * PRIOR_WEIGHT * bounded * priorTrust(quality);
}
