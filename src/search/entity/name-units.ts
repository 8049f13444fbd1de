import { LRUCache } from "lru-cache";
import { wordKind, wordWeight, words } from "../../domain/text/name-words.js";

/**
 * A name spelling as the scorer pairs it with the query: its words with their weights, and the
 * pieces a query word may match: each word, two neighbouring words written together
 * ("westham"), and runs of three or more words, whole or without club-form words and particles,
 * written as one ("clubdeportivoleganes", "americacali").
 */

/** A piece of a name to pair with: one word, two neighbouring words, or a run of words, written as one. */
export type NameUnit = { text: string; names: number[]; joined: boolean };

/** A name spelling split for scoring. */
export type NameWords = { words: string[]; weights: number[]; units: NameUnit[] };

// Names are the same from request to request: split each once per process (a few MB at most).
const NAME_CACHE = new LRUCache<string, NameWords>({ max: 20_000 });

export function nameWords(folded: string): NameWords {
  let result = NAME_CACHE.get(folded);
  if (!result) {
    result = splitName(folded);
    NAME_CACHE.set(folded, result);
  }
  return result;
}

function splitName(folded: string): NameWords {
  const list = words(folded);
  const kinds = list.map(wordKind);
  const weights = list.map(wordWeight);
  // A name made only of light words ("AFC", "1. FC") is all content.
  const allLight = weights.every((weight) => weight < 1);
  const units: NameUnit[] = list.map((word, j) => ({ text: word, names: [j], joined: false }));
  for (let j = 0; j + 1 < list.length; j++) units.push({ text: list[j]! + list[j + 1]!, names: [j, j + 1], joined: true });
  // Runs of three or more words (and the name without its club-form words) as one word.
  const runs = [list.map((_, j) => j), list.flatMap((_, j) => (kinds[j] === "content" || kinds[j] === "number" ? [j] : []))];
  for (const run of runs) {
    const contiguousPair = run.length === 2 && run[1]! - run[0]! === 1;
    const known = units.some((unit) => unit.names.length === run.length && unit.names.every((j, k) => j === run[k]));
    if (run.length < 2 || contiguousPair || known) continue;
    units.push({ text: run.map((j) => list[j]!).join(""), names: run, joined: true });
  }
  return { words: list, weights: allLight ? weights.map(() => 1) : weights, units };
}
