/**
 * Which letters are cheap to confuse. A slip onto a neighbouring key and a spelling by ear
 * (c/k, y/i, s/z, v/w, a vowel for another) are likelier than an arbitrary wrong letter, so
 * the edit distance charges them less.
 */

const QWERTY_ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"];

function neighbourPairs(): Set<string> {
  const pairs = new Set<string>();
  const position = new Map<string, [number, number]>();
  QWERTY_ROWS.forEach((row, r) => [...row].forEach((ch, c) => position.set(ch, [r, c])));
  for (const [a, [ra, ca]] of position) {
    for (const [b, [rb, cb]] of position) {
      if (a === b) continue;
      // Same row, next key; or the row above/below, one of the two keys it touches.
      const sameRow = ra === rb && Math.abs(ca - cb) === 1;
      const nextRow = Math.abs(ra - rb) === 1 && (ra < rb ? cb - ca : ca - cb) >= -1 && (ra < rb ? cb - ca : ca - cb) <= 0;
      if (sameRow || nextRow) pairs.add(a + b);
    }
  }
  return pairs;
}

const NEIGHBOURS = neighbourPairs();
const SOUND_ALIKE = new Set(["ck", "kc", "cs", "sc", "kq", "qk", "yi", "iy", "sz", "zs", "vw", "wv", "fv", "vf", "jy", "yj", "ij", "ji"]);
const VOWELS = new Set([..."aeiouy"]);

export const COST = {
  /** An arbitrary wrong, missing or extra letter. */
  edit: 1,
  /** Two neighbouring letters swapped. */
  transposition: 0.75,
  /** A neighbouring key, or one vowel for another. */
  slip: 0.75,
  /** Letters that sound alike, a doubled letter typed single or a single one doubled, ph/f and the like. */
  sound: 0.5,
} as const;

/** The cost of typing `typed` where the name has `expected` (0 when equal). */
export function substitutionCost(typed: string, expected: string): number {
  if (typed === expected) return 0;
  const pair = typed + expected;
  if (SOUND_ALIKE.has(pair)) return COST.sound;
  if (NEIGHBOURS.has(pair) || (VOWELS.has(typed) && VOWELS.has(expected))) return COST.slip;
  return COST.edit;
}

/** Spellings by ear that span two letters, in both directions: [typed, expected]. */
export const SOUND_SPELLINGS: ReadonlyArray<readonly [string, string]> = [
  ["f", "ph"], ["ph", "f"],
  ["k", "ck"], ["ck", "k"],
  ["c", "ck"], ["ck", "c"],
  ["t", "th"], ["th", "t"],
  ["ks", "x"], ["x", "ks"],
  ["cs", "x"], ["x", "cs"],
  ["kw", "qu"], ["qu", "kw"],
  ["sh", "sch"], ["sch", "sh"],
  ["i", "ie"], ["ie", "i"],
  ["u", "ou"], ["ou", "u"],
];
