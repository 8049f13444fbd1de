import { fold } from "../../domain/text/fold.js";
import { canonicalWord } from "../../domain/text/name-words.js";

/**
 * Alternate names cut short by a source to fit a table column ("Bay. Leverkusen", "Bayern Mün.",
 * "Atl. Mineiro"): a word of three or more letters ending in a dot. Folded for search, the cut
 * word loses its dot and reads as a whole word, so "bay" would equal a word of Leverkusen's name
 * instead of beginning "Bayer" and "Bayern" alike: a truncation is no evidence for one entity
 * over another. Such names are left out of the search forms; the full spellings stay, and a typed
 * beginning still finds them. Two-letter forms ("St.") and known short forms ("Utd.", which the
 * scorer reads as "united") are abbreviations, not cuts, and stay.
 */
const DOTTED_WORD = /(\p{L}{3,})\.(?=\s|$)/gu;

export function isTruncatedName(name: string): boolean {
  for (const [, word] of name.matchAll(DOTTED_WORD)) {
    const folded = fold(word!);
    if (canonicalWord(folded) === folded) return true;
  }
  return false;
}

export function withoutTruncatedNames(names: readonly string[]): string[] {
  return names.filter((name) => !isTruncatedName(name));
}
