/**
 * Finds a club of the clubs data by a name as fixtures write it. Lookups are per country and go
 * from strict to loose; a looser level answers only when exactly one club fits, so a heuristic
 * never picks between two clubs:
 *   1. the folded name equals a folded canonical name (canonical names win over alternates),
 *   2. ... or a folded alternate name,
 *   3. the "core" of the name equals the core of one club name: club-form words (FC, AFC, CF, SC,
 *      SV, 1., ...) and bare numbers (years as in "FC St. Pauli 1910") removed,
 *   4. "fuzzy": the cores have the same words but for one typo in words of 5+ letters or al/el
 *      ("AE Kifisias" = "AE Kifisia", "Ghazl Al Mehalla" = "Ghazl El Mahalla"),
 *   5. "subset": the words of one core are all in the other and the extra words are at most two
 *      letters, like Brazil's state codes and club prefixes ("Remo PA" = "Remo", "GS Kallithea" =
 *      "Kallithea FC"); never when they mark a reserve side ("Rapid Wien II"). Longer extra words
 *      name other clubs too often: "Auckland FC" is not "Auckland City FC", "San Diego FC" is not
 *      "San Diego Loyal SC".
 */
import { fold } from "../../domain/text/fold.js";
import type { ClubRecord } from "./clubs-parser.js";

export type MatchLevel = "name" | "alternate" | "core" | "fuzzy" | "subset";

export type ClubMatch = {
  club: ClubRecord;
  level: MatchLevel;
};

/** Words that say what kind of club it is rather than which one; ignored by the core match only. */
const CLUB_FORM_WORDS = new Set([
  "fc", "afc", "cf", "sc", "ac", "as", "ca", "cd", "cr", "ec", "fk", "sk", "nk", "sv", "tsv",
  "vfl", "vfb", "ssc", "ss", "us", "ud", "sd", "rc", "rcd", "kv", "krc", "rsc", "bsc", "sad",
  "fbc", "cfc", "club", "football", "futbol", "futebol", "calcio", "the", "and", "of", "de", "do",
  "da", "d", "e", "y",
]);
/** Words that make a different team of the same club: a subset match must not skip them. */
const SIDE_WORDS = new Set(["ii", "iii", "b", "c", "u17", "u19", "u20", "u21", "u23", "reserves", "res", "am", "youth", "women", "w"]);
const INTERCHANGEABLE = new Set(["al", "el"]);
const MAX_EXTRA_WORD = 2;
const NUMBER_RE = /^\d+$/;

/** The core of a name: folded words without club-form words and bare numbers; "" if nothing is left. */
export function coreName(name: string): string {
  return fold(name)
    .split(" ")
    .filter((word) => word !== "" && !CLUB_FORM_WORDS.has(word) && !NUMBER_RE.test(word))
    .join(" ");
}

type Index = Map<string, Set<ClubRecord>>;
type CoreEntry = {
  club: ClubRecord;
  words: string[];
};

export class ClubNameIndex {
  private readonly byName = new Map<string, Index>();
  private readonly byAlternate = new Map<string, Index>();
  private readonly byCore = new Map<string, Index>();
  private readonly coresByCountry = new Map<string, CoreEntry[]>();

  constructor(clubs: readonly ClubRecord[]) {
    for (const club of clubs) {
      const names = [club.name, ...club.alternate_names, ...Object.values(club.localized_names).flat()];
      add(this.byName, club.country_key, fold(club.name), club);
      for (const name of names) {
        add(this.byAlternate, club.country_key, fold(name), club);
        const core = coreName(name);
        if (core === "") continue;
        add(this.byCore, club.country_key, core, club);
        let cores = this.coresByCountry.get(club.country_key);
        if (!cores) this.coresByCountry.set(club.country_key, (cores = []));
        cores.push({ club, words: core.split(" ") });
      }
    }
  }

  /** The club of `name` in one of `countryKeys` (tried in order), or undefined. */
  find(name: string, countryKeys: readonly string[]): ClubMatch | undefined {
    const folded = fold(name);
    const core = coreName(name);
    const levels: Array<[MatchLevel, Map<string, Index>, string]> = [
      ["name", this.byName, folded],
      ["alternate", this.byAlternate, folded],
      ["core", this.byCore, core],
    ];
    for (const [level, index, key] of levels) {
      if (key === "") continue;
      const found = new Set<ClubRecord>();
      for (const countryKey of countryKeys) {
        for (const club of index.get(countryKey)?.get(key) ?? []) found.add(club);
        if (found.size > 0) break; // the first hinted country that knows the name decides
      }
      if (found.size === 1) {
        const [club] = found;
        if (club) return { club, level };
      }
      if (found.size > 1) return undefined; // ambiguous: a looser level would only guess
    }
    if (core === "") return undefined;
    const words = core.split(" ");
    for (const [level, score] of [
      ["fuzzy", fuzzyScore],
      ["subset", subsetScore],
    ] as const) {
      for (const countryKey of countryKeys) {
        const best = bestScoring(this.coresByCountry.get(countryKey) ?? [], (entry) => score(words, entry.words));
        if (best.size > 1) return undefined;
        const [club] = best;
        if (club) return { club, level };
      }
    }
    return undefined;
  }
}

/** The clubs with the highest positive score (several names of one club count once). */
function bestScoring(entries: readonly CoreEntry[], score: (entry: CoreEntry) => number): Set<ClubRecord> {
  let best = 0;
  let clubs = new Set<ClubRecord>();
  for (const entry of entries) {
    const value = score(entry);
    if (value <= 0 || value < best) continue;
    if (value > best) {
      best = value;
      clubs = new Set();
    }
    clubs.add(entry.club);
  }
  return clubs;
}

/** 1 when the word lists are equal but for typos (see the file comment), else 0. */
function fuzzyScore(a: readonly string[], b: readonly string[]): number {
  if (a.length !== b.length) return 0;
  for (const [i, word] of a.entries()) {
    const other = b[i] ?? "";
    if (word === other || (INTERCHANGEABLE.has(word) && INTERCHANGEABLE.has(other))) continue;
    if (word.length < 5 || other.length < 5 || !withinOneEdit(word, other)) return 0;
  }
  return 1;
}

/**
 * The number of shared words when one list's words are all in the other and what the longer one
 * adds are short words but no reserve mark; else 0. The most shared words win ("Grêmio Novorizontino SP"
 * is "Novorizontino SP" rather than "Grêmio").
 */
function subsetScore(a: readonly string[], b: readonly string[]): number {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  if (small.length === large.length || !small.some((word) => word.length >= 4)) return 0;
  if (!small.every((word) => large.includes(word))) return 0;
  const extra = large.filter((word) => !small.includes(word));
  return extra.every((word) => word.length <= MAX_EXTRA_WORD && !SIDE_WORDS.has(word)) ? small.length : 0;
}

/** Levenshtein distance at most 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (a.length < b.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

function add(index: Map<string, Index>, countryKey: string, key: string, club: ClubRecord): void {
  let byKey = index.get(countryKey);
  if (!byKey) index.set(countryKey, (byKey = new Map()));
  let clubs = byKey.get(key);
  if (!clubs) byKey.set(key, (clubs = new Set()));
  clubs.add(club);
}
