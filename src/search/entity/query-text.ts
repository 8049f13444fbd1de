import { fold } from "../../domain/text/fold.js";
import { wordWeight, words } from "../../domain/text/name-words.js";

/**
 * The search text as the scorer and the query builders see it: folded (case, accents and
 * punctuation gone), split into words, each with its weight (club-form words, particles and
 * numbers weigh little), and whether it may be the beginning of a longer word.
 */
export type QueryText = {
  /** The folded query, single-spaced. */
  folded: string;
  words: string[];
  weights: number[];
  /** Per word: may match the beginning of a name's word (the last word always, others from 3 letters). */
  prefix: boolean[];
};

export function queryText(q: string): QueryText {
  const folded = fold(q);
  const list = words(folded);
  return {
    folded,
    words: list,
    weights: list.map(wordWeight),
    prefix: list.map((word, index) => index === list.length - 1 || word.length >= 3),
  };
}
