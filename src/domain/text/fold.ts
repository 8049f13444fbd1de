/**
 * Text folding shared by the import (team resolution) and entity search: two names that a
 * reader would call "the same spelling" must fold to the same string, whatever their accents,
 * case or punctuation.
 */

// Letters that NFKD does not decompose into a base letter plus combining marks.
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: "ss",
  ẞ: "ss",
  ø: "o",
  Ø: "o",
  æ: "ae",
  Æ: "ae",
  œ: "oe",
  Œ: "oe",
  đ: "d",
  Đ: "d",
  ð: "d",
  Ð: "d",
  ł: "l",
  Ł: "l",
  ı: "i",
  þ: "th",
  Þ: "th",
  ħ: "h",
  Ħ: "h",
  ŧ: "t",
  Ŧ: "t",
  ŋ: "n",
  Ŋ: "n",
  ĸ: "k",
  ſ: "s",
};

const SPECIAL_RE = new RegExp(`[${Object.keys(SPECIAL_LETTERS).join("")}]`, "gu");
// Kana voicing marks (U+3099, U+309A) are kept: they change the word, unlike Latin accents.
const COMBINING_MARKS_RE = /(?![\u3099\u309A])\p{M}/gu;
// Apostrophes join ("Queen's" = "Queens") except after an elided one-letter word ("d'Agadir" is
// "d agadir", so "Hassania d'Agadir" keeps the word "agadir"). A period inside an abbreviation
// joins too ("D.C." = "DC").
const ELISION_RE = /(?<![\p{L}\p{N}])(\p{L})['’‘`´ʼʻ](?=\p{L})/gu;
const APOSTROPHES_RE = /['’‘`´ʼʻ]/gu;
const INNER_PERIOD_RE = /(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu;
const NON_WORD_RE = /[^\p{L}\p{M}\p{N}]+/gu;

/**
 * Folds a name for comparison: NFKD, combining marks stripped, special letters spelled out
 * (ß→ss, ø→o, æ→ae, đ→d, ł→l, ı→i, ...), lower case, punctuation to single spaces, trimmed.
 * Letters of other scripts (Arabic, Japanese, Korean, ...) are kept and recomposed (NFC).
 */
export function fold(text: string): string {
  return text
    .replace(SPECIAL_RE, (ch) => SPECIAL_LETTERS[ch] ?? ch)
    .normalize("NFKD")
    .replace(COMBINING_MARKS_RE, "")
    .toLowerCase()
    .replace(ELISION_RE, "$1 ")
    .replace(APOSTROPHES_RE, "")
    .replace(INNER_PERIOD_RE, "")
    .replace(NON_WORD_RE, " ")
    .trim()
    .normalize("NFC");
}
