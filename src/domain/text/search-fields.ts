import { exactFormsOf } from "./name-forms.js";
import { canonicalWord, wordKind, words } from "./name-words.js";

/**
 * The indexed search forms of an entity's names, computed here because the core Elasticsearch
 * has no asciifolding, n-gram or synonym filters. They only have to find candidates; the
 * scoring happens in TypeScript (src/search/entity/) on `names`.
 * - names: the exact forms of every name (folded; umlauts also transliterated): the "equals a
 *   name" lookup, and what the scorer reads back.
 * - words: every word of those forms plus its canonical short form or exonym ("united" for
 *   "utd"), for fuzzy and prefix word matching.
 * - compact: each form and its core (no club-form words or particles) written as one word, for
 *   queries that run words together ("astonvilla").
 * - grams: character trigrams of the compact forms, start-padded, so misspelt, run-together or
 *   reordered queries still share most of them.
 * - prefixes: the beginnings (3 to 12 letters) of every word, so that a word being typed with a
 *   slip in it ("tottemh", "jhons") still meets its word through a one-edit fuzzy match.
 */
export type SearchFields = { names: string[]; words: string; compact: string[]; grams: string; prefixes: string };

const PREFIX_LENGTHS = { min: 3, max: 12 } as const;

export function searchFields(names: Iterable<string>): SearchFields {
  const forms = exactFormsOf(names);
  const wordSet = new Set<string>();
  const compact = new Set<string>();
  for (const form of forms) {
    for (const word of words(form)) {
      wordSet.add(word);
      wordSet.add(canonicalWord(word));
    }
    compact.add(form.replace(/ /g, ""));
    const core = words(form).filter((word) => wordKind(word) === "content" || wordKind(word) === "number");
    if (core.length > 0) compact.add(core.join(""));
  }
  const grams = new Set<string>();
  for (const form of compact) for (const gram of trigrams(form)) grams.add(gram);
  const prefixes = new Set<string>();
  for (const word of wordSet) {
    for (let length = PREFIX_LENGTHS.min; length <= Math.min(word.length, PREFIX_LENGTHS.max); length++) prefixes.add(word.slice(0, length));
  }
  return { names: forms, words: [...wordSet].join(" "), compact: [...compact], grams: [...grams].join(" "), prefixes: [...prefixes].join(" ") };
}

/** Trigrams of a string without spaces, padded at the start so the first letters weigh in. */
export function trigrams(compact: string): string[] {
  const padded = `_${compact}`;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

/**
 * A fixture's search fields: each side's exact forms (read back by the scorer as doc values,
 * since `search` is left out of the fixture's `_source`) and the words and grams of both.
 */
export type FixtureSearchFields = { home: string[]; away: string[]; teams: string; grams: string };

export function fixtureSearchFields(homeNames: Iterable<string>, awayNames: Iterable<string>): FixtureSearchFields {
  return pairSearchFields(searchFields(homeNames), searchFields(awayNames));
}

/** A fixture's search fields from each side's own, which a rebuild computes once per team rather than per fixture. */
export function pairSearchFields(home: SearchFields, away: SearchFields): FixtureSearchFields {
  const grams = new Set([...home.grams.split(" "), ...away.grams.split(" ")].filter((gram) => gram.length > 0));
  return { home: [...home.names], away: [...away.names], teams: `${home.words} ${away.words}`, grams: [...grams].join(" ") };
}
