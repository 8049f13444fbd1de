import { fold } from "./fold.js";

/**
 * The indexed search forms of an entity's names, computed here because the core
 * Elasticsearch has no asciifolding or n-gram filters: `exact` holds each folded
 * name (for the "equals a name" tier), `text` the folded names for word, prefix
 * and fuzzy matching, `grams` character trigrams of the folded names with spaces
 * removed (so run-together and misspelt words still share most grams).
 */
export type SearchFields = { exact: string[]; text: string[]; grams: string };

export function searchFields(names: Iterable<string>): SearchFields {
  const folded = [...new Set([...names].map(fold).filter((name) => name.length > 0))];
  const grams = new Set<string>();
  for (const name of folded) for (const gram of trigrams(name)) grams.add(gram);
  return { exact: folded, text: folded, grams: [...grams].join(" ") };
}

/** Trigrams of a folded name with its spaces removed, padded so word starts weigh in. */
export function trigrams(folded: string): string[] {
  const compact = `_${folded.replace(/ /g, "")}_`;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= compact.length; i++) grams.push(compact.slice(i, i + 3));
  return grams;
}
