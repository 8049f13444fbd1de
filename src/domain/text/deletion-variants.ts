/**
 * Deletion variants ("symmetric delete", as SymSpell does it): a word and what is left of it
 * with one or two letters taken out. Two words within two edits of each other (wrong, missing,
 * extra or swapped letters) always share a variant: a wrong letter is the same letter taken
 * out of both, a missing or extra one is taken out of the longer side, a swap is one of the two
 * letters taken out of each. So matching a typed word's variants against variants indexed with
 * the names finds every name word within two edits with plain term lookups, where a fuzzy
 * query builds a two-edit automaton per search (a millisecond or two, candidate-queries.ts). It finds a
 * few words further away too; the TypeScript scorer judges them all.
 *
 * Only variants of MIN_VARIANT_LENGTH letters or more are kept: the typed words this serves
 * have FUZZY_TWO_EDITS letters or more, so their variants never get shorter, and shorter ones
 * would share too much.
 */
export const MAX_DELETIONS = 2;
/** A typed word this long gets two edits (as Elasticsearch's AUTO fuzziness: 6 letters and up). */
export const FUZZY_TWO_EDITS = 6;
const MIN_VARIANT_LENGTH = FUZZY_TWO_EDITS - MAX_DELETIONS;

/** The word and its variants with up to two letters out, none shorter than 4 letters, each once. */
export function deletionVariants(word: string): string[] {
  const variants = new Set<string>();
  if (word.length < MIN_VARIANT_LENGTH) return [];
  let level = [word];
  variants.add(word);
  for (let deletions = 1; deletions <= MAX_DELETIONS && word.length - deletions >= MIN_VARIANT_LENGTH; deletions++) {
    const next: string[] = [];
    for (const base of level) {
      for (let i = 0; i < base.length; i++) {
        const variant = base.slice(0, i) + base.slice(i + 1);
        if (!variants.has(variant)) {
          variants.add(variant);
          next.push(variant);
        }
      }
    }
    level = next;
  }
  return [...variants];
}
