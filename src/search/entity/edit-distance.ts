import { COST, SOUND_SPELLINGS, substitutionCost } from "./keyboard.js";

/**
 * A weighted optimal-string-alignment distance between what was typed and a word of a name,
 * computed once for both questions search asks: how far is the typed word from the whole word,
 * and how far from the closest beginning of it (the user is still typing: "tottemh" is one slip
 * away from "tottenh...").
 *
 * Costs (keyboard.ts): a wrong, missing or extra letter 1; two letters swapped 0.75; a
 * neighbouring key or another vowel 0.75; a letter that sounds alike (c/k, y/i, ph/f, ...), or a
 * doubled letter typed single (or a single one doubled), 0.5.
 */
export type Distances = {
  /** Distance to the whole word. */
  full: number;
  /** Smallest distance to a non-empty beginning of the word, and that beginning's length. */
  prefix: number;
  prefixLength: number;
};

const UNREACHABLE: Distances = { full: Infinity, prefix: Infinity, prefixLength: 0 };

// Substitution costs of ASCII letters in a table: this runs for every cell of every match.
const ASCII = 128;
const SUBSTITUTION = new Float64Array(ASCII * ASCII);
for (let a = 0; a < ASCII; a++) {
  for (let b = 0; b < ASCII; b++) SUBSTITUTION[a * ASCII + b] = substitutionCost(String.fromCharCode(a), String.fromCharCode(b));
}

// Two-letter spellings by ear, found by the last letters of both sides so a cell checks only
// the rules that can apply there. A flag table says first whether any rule ends at a pair of
// ASCII letters: most cells have none, and a table read is far cheaper than a map lookup.
const SPELLINGS_BY_ENDS = new Map<number, Array<readonly [string, string]>>();
const SPELLING_ENDS = new Uint8Array(ASCII * ASCII);
for (const rule of SOUND_SPELLINGS) {
  const [typedEnd, wordEnd] = [rule[0].charCodeAt(rule[0].length - 1), rule[1].charCodeAt(rule[1].length - 1)];
  const key = typedEnd * 65536 + wordEnd;
  SPELLINGS_BY_ENDS.set(key, [...(SPELLINGS_BY_ENDS.get(key) ?? []), rule]);
  SPELLING_ENDS[typedEnd * ASCII + wordEnd] = 1;
}

let buffer = new Float64Array(1024);
let insertions = new Float64Array(64);

/**
 * `limit` bounds the work: once every cell of a row exceeds it, no alignment can come back
 * under it and the answer is "unreachable".
 */
export function editDistances(typed: string, word: string, limit: number): Distances {
  const n = typed.length;
  const m = word.length;
  if (n === 0 || m === 0) return UNREACHABLE;
  const width = m + 1;
  if (buffer.length < (n + 1) * width) buffer = new Float64Array((n + 1) * width * 2);
  // d[i * width + j]: cost of typing typed[0, i) for word[0, j).
  const d = buffer;
  if (insertions.length < m) insertions = new Float64Array(m * 2);
  const ins = insertions;
  for (let j = 0; j < m; j++) ins[j] = insertionCost(word, j);
  d[0] = 0;
  for (let j = 1; j <= m; j++) d[j] = d[j - 1]! + ins[j - 1]!;
  for (let i = 1; i <= n; i++) {
    const row = i * width;
    const above = row - width;
    const t = typed.charCodeAt(i - 1);
    const deletion = deletionCost(typed, i - 1);
    d[row] = d[above]! + deletion;
    let rowMin = d[row]!;
    for (let j = 1; j <= m; j++) {
      const w = word.charCodeAt(j - 1);
      const substitution = t === w ? 0 : t < ASCII && w < ASCII ? SUBSTITUTION[t * ASCII + w]! : COST.edit;
      let best = d[above + j - 1]! + substitution;
      const viaDeletion = d[above + j]! + deletion;
      if (viaDeletion < best) best = viaDeletion;
      const viaInsertion = d[row + j - 1]! + ins[j - 1]!;
      if (viaInsertion < best) best = viaInsertion;
      if (i > 1 && j > 1 && t === word.charCodeAt(j - 2) && typed.charCodeAt(i - 2) === w && t !== w) {
        const viaSwap = d[above - width + j - 2]! + COST.transposition;
        if (viaSwap < best) best = viaSwap;
      }
      const spellings = t < ASCII && w < ASCII && SPELLING_ENDS[t * ASCII + w] === 0 ? undefined : SPELLINGS_BY_ENDS.get(t * 65536 + w);
      if (spellings) {
        for (const [from, to] of spellings) {
          if (i >= from.length && j >= to.length && endsWithAt(typed, i, from) && endsWithAt(word, j, to)) {
            const viaSpelling = d[(i - from.length) * width + j - to.length]! + COST.sound;
            if (viaSpelling < best) best = viaSpelling;
          }
        }
      }
      d[row + j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > limit) return UNREACHABLE;
  }
  const last = n * width;
  let prefix = Infinity;
  let prefixLength = 0;
  for (let j = 1; j <= m; j++) {
    const cost = d[last + j]!;
    // Ties go to the beginning closest in length to what was typed.
    if (cost < prefix || (cost === prefix && Math.abs(j - n) < Math.abs(prefixLength - n))) {
      prefix = cost;
      prefixLength = j;
    }
  }
  return { full: d[last + m]!, prefix, prefixLength };
}

/** An extra letter typed: cheap when it doubles the letter before it ("arsenall"). */
function deletionCost(typed: string, index: number): number {
  return index > 0 && typed.charCodeAt(index) === typed.charCodeAt(index - 1) ? COST.sound : COST.edit;
}

/** A letter of the word left out: cheap when it is one of a doubled pair ("liverpol"). */
function insertionCost(word: string, index: number): number {
  const ch = word.charCodeAt(index);
  return (index > 0 && ch === word.charCodeAt(index - 1)) || ch === word.charCodeAt(index + 1) ? COST.sound : COST.edit;
}

function endsWithAt(text: string, end: number, part: string): boolean {
  return text.startsWith(part, end - part.length);
}
