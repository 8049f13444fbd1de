/**
 * Three-letter team codes, derived from the name (the data has none):
 * - club-form words (FC, AFC, SC, ...) and numbers are left out: "1. FC Köln" is "Köln";
 * - one word: its first three letters ("Arsenal" ARS, "Köln" KOL);
 * - three or more words: the initials of the first three ("West Ham United" WHU, "Paris
 *   Saint-Germain" PSG, "Brighton & Hove Albion" BHA);
 * - two words: the first three letters of the first word when the second is a generic suffix
 *   ("Newcastle United" NEW, "Tottenham Hotspur" TOT), else the first letter of the first word and
 *   the first two of the second ("Aston Villa" AVI, "Real Madrid" RMA).
 * Codes need not be unique, but assignShortCodes avoids giving one code to two teams of the same
 * country when another candidate is free ("Manchester United" MAN, then "Manchester City" MCI).
 */
import { fold } from "../../domain/text/fold.js";
import { coreName } from "./club-name-index.js";

const GENERIC_SUFFIXES = new Set([
  "united", "city", "town", "athletic", "rovers", "wanderers", "county", "albion", "hotspur",
  "argyle", "orient", "alexandra", "stanley", "rangers", "athletico", "calcio",
]);

/** Candidate codes for a name, best first; at least one. */
export function shortCodeCandidates(name: string): string[] {
  const words = (coreName(name) || fold(name)).split(" ").map(lettersOnly).filter((w) => w !== "");
  const candidates: string[] = [];
  const [first = "", second = "", third = ""] = words;
  const initial = (word: string): string => word.slice(0, 1);
  if (words.length >= 3) candidates.push(initial(first) + initial(second) + initial(third));
  if (words.length === 2) {
    if (GENERIC_SUFFIXES.has(second)) candidates.push(first.slice(0, 3));
    candidates.push(initial(first) + second.slice(0, 2), first.slice(0, 2) + initial(second));
  }
  if (words.length >= 1) candidates.push(first.slice(0, 3));
  const all = words.join("");
  candidates.push(all.slice(0, 2) + (all[all.length - 1] ?? ""));
  const codes = candidates.map((code) => code.toUpperCase()).filter((code) => /^[A-Z]{3}$/.test(code));
  const unique = [...new Set(codes)];
  return unique.length > 0 ? unique : [(all.toUpperCase() + "XXX").slice(0, 3)];
}

/** Assigns each item a code, preferring candidates not yet taken in the same group (country). */
export function assignShortCodes<T>(items: readonly T[], name: (item: T) => string, group: (item: T) => string): Map<T, string> {
  const taken = new Map<string, Set<string>>();
  const codes = new Map<T, string>();
  for (const item of items) {
    const used = taken.get(group(item)) ?? new Set<string>();
    taken.set(group(item), used);
    const candidates = shortCodeCandidates(name(item));
    const code = candidates.find((c) => !used.has(c)) ?? candidates[0] ?? "XXX";
    used.add(code);
    codes.set(item, code);
  }
  return codes;
}

/** ASCII letters only (fold already removed accents); other scripts give no letters. */
function lettersOnly(word: string): string {
  return word.replace(/[^a-z]/g, "");
}
