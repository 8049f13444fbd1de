import { canonicalWord } from "../../domain/text/name-words.js";
import { editDistances } from "./edit-distance.js";
import { COST, SOUND_SPELLINGS, substitutionCost } from "./keyboard.js";

/**
 * How well one typed word matches one word of a name.
 * - quality: how sure we are the typed word means this word: 1 when equal, 0.97 for a short
 *   form or exonym of it ("utd" for "united", "munich" for "munchen"), 1 - k x distance / length
 *   for a misspelling (edit-distance.ts; k = 1.2, up to 1.8 for short words, whose slips leave
 *   less of them recognizable), and for a beginning of the word (still typing) the same
 *   accuracy times 0.9 + 0.1 x coverage.
 * - coverage: the share of the name's word that was typed: 1 for a whole word, for a beginning
 *   c / (c + COMPLETION) by the c letters typed, whatever the length of the word it begins.
 * - a match that needs another first letter (not a neighbouring key, not one that sounds alike)
 *   has its quality x FIRST_LETTER_FACTOR.
 */
export type WordMatch = { quality: number; coverage: number };

export const SHORT_FORM_QUALITY = 0.97;
const PREFIX_BASE = 0.9;

/** Per edit, relative to the length: a slip in a short word leaves less of it recognizable. */
export function typoPenalty(length: number): number {
  return 1.2 + 0.1 * Math.max(0, 8 - length);
}

/** Edits allowed against a whole word, by its length: short words tolerate less. */
export function allowedEdits(length: number): number {
  if (length <= 2) return 0.75;
  if (length === 3) return 1;
  if (length <= 5) return 1.5;
  if (length <= 8) return 2;
  return 2.5;
}

/** Edits allowed in a beginning of a word, by the typed length: a few letters must be right. */
export function allowedPrefixEdits(typedLength: number): number {
  if (typedLength <= 2) return 0;
  if (typedLength === 3) return 0.5;
  if (typedLength <= 5) return 1;
  if (typedLength <= 8) return 1.5;
  return 2;
}

/**
 * The coverage of an exact beginning: the share of the word typed, counted as if the word were
 * COMPLETION letters longer than what was typed, whatever its real length. Which completion
 * the user has in mind is unknown, so "bay" begins "Bayer" and "Bayern" equally well (a tie the
 * prominence prior breaks) instead of the shorter word winning on its length alone.
 */
export const COMPLETION = 3;
export function typedShare(typedLength: number): number {
  return typedLength / (typedLength + COMPLETION);
}

/** The ranking value of a match: a partly typed word counts for less than a whole one. */
export function matchValue(match: WordMatch): number {
  return match.quality * (0.6 + 0.4 * match.coverage);
}

/**
 * `asPrefix`: the typed word may be the beginning of the name's word (the word being typed,
 * or an abbreviation such as "bor" for "borussia").
 */
export function matchWord(typed: string, word: string, asPrefix: boolean): WordMatch | null {
  if (typed === word) return { quality: 1, coverage: 1 };
  if (canonicalWord(typed) === canonicalWord(word)) return { quality: SHORT_FORM_QUALITY, coverage: 1 };
  // The commonest case while typing needs no alignment: the exact beginning of the word.
  if (asPrefix && word.startsWith(typed)) {
    const coverage = typedShare(typed.length);
    return { quality: PREFIX_BASE + (1 - PREFIX_BASE) * coverage, coverage };
  }
  const fullLimit = allowedEdits(Math.max(typed.length, word.length));
  const prefixLimit = asPrefix && typed.length < word.length ? allowedPrefixEdits(typed.length) : -1;
  // Each missing or extra letter costs at least 0.5: a length gap beyond the limit cannot match.
  if (prefixLimit < 0 && Math.abs(typed.length - word.length) * 0.5 > fullLimit) return null;
  const distances = editDistances(typed, word, Math.max(fullLimit, prefixLimit));
  let best: WordMatch | null = null;
  if (distances.full <= fullLimit) {
    const length = Math.max(typed.length, word.length);
    best = { quality: Math.max(0, 1 - (typoPenalty(length) * distances.full) / length), coverage: 1 };
  }
  if (prefixLimit >= 0 && distances.prefix <= prefixLimit && distances.prefixLength < word.length) {
    const coverage = typedShare(distances.prefixLength);
    const accuracy = Math.max(0, 1 - (typoPenalty(typed.length) * distances.prefix) / typed.length);
    const prefix = { quality: accuracy * (PREFIX_BASE + (1 - PREFIX_BASE) * coverage), coverage };
    if (!best || matchValue(prefix) > matchValue(best)) best = prefix;
  }
  if (best && firstLetterSlip(typed, word)) best = { quality: best.quality * FIRST_LETTER_FACTOR, coverage: best.coverage };
  return best;
}

/**
 * A word's first letter is the one people get right: slips come later in the word (which is why
 * the candidate query takes it as typed, candidate-queries.ts). A match that needs another first
 * letter, neither a neighbouring key nor one that sounds alike (c/k, ph/f), is less likely meant:
 * "telt" is Telstar before Celtic.
 */
export const FIRST_LETTER_FACTOR = 0.9;

function firstLetterSlip(typed: string, word: string): boolean {
  if (typed[0] === word[0] || substitutionCost(typed[0]!, word[0]!) < COST.edit) return false;
  return !SOUND_SPELLINGS.some(([from, to]) => typed.startsWith(from) && word.startsWith(to));
}
