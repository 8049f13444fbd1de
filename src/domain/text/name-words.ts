/**
 * What the words of a folded club, league or country name are worth to search. People leave
 * out club-form words ("FC", "1.", "de") and qualifiers, so those weigh little when they are
 * missing on either side; and some words have a common short form or an exonym that is the
 * same word to a reader ("utd" is "united", "munich" is "munchen").
 */

/** Legal-form and club-type words: "FC", "AFC", "CF", "SC", "Club", "Calcio", ... */
const CLUB_WORDS: ReadonlySet<string> = new Set([
  "fc", "afc", "cf", "sc", "ac", "as", "ss", "ssc", "ssd", "us", "usl", "cd", "ca", "cs", "csd", "sv", "fk", "sk",
  "nk", "bk", "ik", "if", "kv", "kvc", "krc", "rsc", "rc", "rcd", "sd", "ud", "cfc", "bc", "vfl", "vfb", "vfr", "tsv",
  "fsv", "tsg", "sg", "spvgg", "bv", "ogc", "hsc", "aj", "ea", "gd", "ec", "se", "cr", "cp", "sad", "fbc", "afc",
  "club", "clube", "klub", "football", "futbol", "futebol", "fussball", "calcio", "foot", "soccer",
]);

/** Articles and linking words: "de", "la", "the", "and", "y", "von", ... */
const PARTICLES: ReadonlySet<string> = new Set([
  "de", "da", "do", "das", "dos", "del", "della", "di", "la", "le", "les", "el", "los", "las", "the", "and", "y", "e",
  "et", "of", "von", "van", "der", "den", "du", "des", "und", "i",
]);

/**
 * Short forms and exonyms mapped to one canonical spelling. Applied to whole words on both
 * sides, so "man utd" meets "manchester united" and "bayern munich" meets "bayern munchen".
 */
const CANONICAL_FORMS: Readonly<Record<string, string>> = {
  utd: "united",
  st: "saint",
  ste: "sainte",
  sankt: "saint",
  sint: "saint",
  munich: "munchen",
  cologne: "koln",
  turin: "torino",
  turim: "torino",
  florence: "firenze",
  florenz: "firenze",
  naples: "napoli",
  neapel: "napoli",
  rome: "roma",
  rom: "roma",
  genua: "genova",
  lisbon: "lisboa",
  lissabon: "lisboa",
  seville: "sevilla",
  vienna: "wien",
  prague: "praha",
  prag: "praha",
  belgrade: "beograd",
  moscow: "moskva",
  athens: "athina",
  bruges: "brugge",
  brugges: "brugge",
  antwerp: "antwerpen",
  lyons: "lyon",
  marseilles: "marseille",
  nuremberg: "nurnberg",
  nizza: "nice",
  venedig: "venezia",
  venice: "venezia",
};

export type WordKind = "content" | "club" | "particle" | "number";

// Numbers, also Roman ones ("Willem II", "Sturm Graz II"), say little about which club is meant.
const NUMBER_RE = /^(\d+|ii|iii|iv)$/;

export function wordKind(word: string): WordKind {
  if (NUMBER_RE.test(word)) return "number";
  if (CLUB_WORDS.has(word)) return "club";
  if (PARTICLES.has(word)) return "particle";
  return "content";
}

/** How much a word of a name counts towards "the name was matched": content words count fully. */
export const WORD_WEIGHT: Readonly<Record<WordKind, number>> = { content: 1, club: 0.2, particle: 0.2, number: 0.3 };

/** The weight of a word: its kind's, and a single letter ("a" of "First Division A") is light. */
export function wordWeight(word: string): number {
  return word.length === 1 ? WORD_WEIGHT.particle : WORD_WEIGHT[wordKind(word)];
}

const CANONICAL = new Map(Object.entries(CANONICAL_FORMS));

export function canonicalWord(word: string): string {
  return CANONICAL.get(word) ?? word;
}

/** The words of a folded string (fold() already collapsed punctuation to single spaces). */
export function words(folded: string): string[] {
  return folded.length === 0 ? [] : folded.split(" ");
}

/** The folded name without club-form words, particles and numbers ("1 fc koln" -> "koln"); null when nothing is left. */
export function coreName(folded: string): string | null {
  const core = words(folded).filter((word) => wordKind(word) === "content");
  return core.length > 0 ? core.join(" ") : null;
}
