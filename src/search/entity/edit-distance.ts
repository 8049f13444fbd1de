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
let codes = new Int32Array(128);
/** Cells written unreachable beside the band: a spelling rule reads back at most 3 columns. */
const MARGIN = 3;

/**
 * `limit` bounds the work: only alignments within it are followed, and once every cell of a
 * row exceeds it, none can come back under it and the answer is "unreachable". A distance over
 * the limit may come back as Infinity.
 */
export function editDistances(typed: string, word: string, limit: number): Distances {
  const n = typed.length;
  const m = word.length;
  if (n === 0 || m === 0) return UNREACHABLE;
  const width = m + 1;
  if (buffer.length < (n + 1) * width) buffer = new Float64Array((n + 1) * width * 2);
  // d[i * width + j]: cost of typing typed[0, i) for word[0, j).
  const d = buffer;
  // The letters as codes (typed at [0, n), the word's at [n, n + m)) and each word letter's
  // insertion cost, read once: every cell reads them again.
  if (codes.length < n + m) codes = new Int32Array((n + m) * 2);
  if (insertions.length < m) insertions = new Float64Array(m * 2);
  const tc = codes;
  for (let i = 0; i < n; i++) tc[i] = typed.charCodeAt(i);
  for (let j = 0; j < m; j++) tc[n + j] = word.charCodeAt(j);
  const ins = insertions;
  for (let j = 0; j < m; j++) {
    // A letter of the word left out is cheap when it is one of a doubled pair ("liverpol").
    const ch = tc[n + j]!;
    ins[j] = (j > 0 && ch === tc[n + j - 1]) || (j + 1 < m && ch === tc[n + j + 1]) ? COST.sound : COST.edit;
  }
  // Every step that changes the length gap by one costs at least COST.sound (0.5), so a cell
  // more than `reach` columns off the diagonal exceeds the limit: only a band around it is
  // computed, with a margin of unreachable cells on both sides for the steps that read back.
  const reach = Math.min(n + m, Math.floor(limit / COST.sound));
  d[0] = 0;
  for (let j = 1; j <= m; j++) d[j] = j <= reach ? d[j - 1]! + ins[j - 1]! : Infinity;
  for (let i = 1; i <= n; i++) {
    const row = i * width;
    const above = row - width;
    const t = tc[i - 1]!;
    const tBefore = i > 1 ? tc[i - 2]! : -1;
    // An extra letter typed is cheap when it doubles the letter before it ("arsenall").
    const deletion = i > 1 && t === tBefore ? COST.sound : COST.edit;
    const tAscii = t < ASCII ? t * ASCII : -1;
    d[row] = d[above]! + deletion;
    let rowMin = d[row]!;
    const from = Math.max(1, i - reach);
    const to = Math.min(m, i + reach);
    for (let j = Math.max(1, from - MARGIN); j < from; j++) d[row + j] = Infinity;
    for (let j = to + 1; j <= Math.min(m, to + MARGIN); j++) d[row + j] = Infinity;
    for (let j = from; j <= to; j++) {
      const w = tc[n + j - 1]!;
      const substitution = t === w ? 0 : tAscii >= 0 && w < ASCII ? SUBSTITUTION[tAscii + w]! : COST.edit;
      let best = d[above + j - 1]! + substitution;
      const viaDeletion = d[above + j]! + deletion;
      if (viaDeletion < best) best = viaDeletion;
      const viaInsertion = d[row + j - 1]! + ins[j - 1]!;
      if (viaInsertion < best) best = viaInsertion;
      if (j > 1 && tBefore === w && t === tc[n + j - 2] && t !== w) {
        const viaSwap = d[above - width + j - 2]! + COST.transposition;
        if (viaSwap < best) best = viaSwap;
      }
      if (tAscii < 0 || w >= ASCII || SPELLING_ENDS[tAscii + w] !== 0) {
        const spellings = SPELLINGS_BY_ENDS.get(t * 65536 + w);
        if (spellings) {
          for (const [from, to] of spellings) {
            if (i >= from.length && j >= to.length && endsWithAt(typed, i, from) && endsWithAt(word, j, to)) {
              const viaSpelling = d[(i - from.length) * width + j - to.length]! + COST.sound;
              if (viaSpelling < best) best = viaSpelling;
            }
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
  for (let j = Math.max(1, n - reach); j <= Math.min(m, n + reach); j++) {
    const cost = d[last + j]!;
    // Ties go to the beginning closest in length to what was typed.
    if (cost < prefix || (cost === prefix && Math.abs(j - n) < Math.abs(prefixLength - n))) {
      prefix = cost;
      prefixLength = j;
    }
  }
  return { full: m <= n + reach ? d[last + m]! : Infinity, prefix, prefixLength };
}

function endsWithAt(text: string, end: number, part: string): boolean {
  return text.startsWith(part, end - part.length);
}
