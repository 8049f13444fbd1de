import type { NameUnit, NameWords } from "./name-units.js";
import type { QueryText } from "./query-text.js";
import { matchValue, matchWord, type WordMatch } from "./word-match.js";

/**
 * The score of one query against one spelling of a name (not an exact form: exact forms
 * score 1 in entity-score.ts). Documented formula:
 *
 *   score = QC x (0.7 + 0.3 x NC) x order, capped at 0.99
 *
 * - Query words are paired one to one with the name's words, best pairs first. A word may
 *   also pair with two neighbouring words written together ("westham" with "west ham"), or
 *   with the whole name written as one word ("clubdeportivoleganes"), at 0.95 of the quality.
 *   Each pair has a quality and a coverage (word-match.ts).
 * - QC, how well the query is explained: the weighted mean of the query words' qualities (an
 *   unpaired word counts 0, or 0.9 x its quality against the entity's context words, such as
 *   its country's names). Weights: 1, or 0.2 for club-form words, particles and single
 *   letters, 0.3 for numbers (also II, III, IV).
 * - NC, how much of the name was typed: the weighted mean of the name's words' coverage
 *   (unpaired words 0), with the same weights, so a missing "FC" costs little.
 * - order: 0.95 when the paired words come in another order than in the name.
 */
export const JOINED_PENALTY = 0.95;
export const CONTEXT_FACTOR = 0.9;
export const ORDER_PENALTY = 0.95;
export const NON_EXACT_CAP = 0.99;
const NAME_SHARE = 0.3;
const MIN_CONTEXT_BEGINNING = 3;
const NO_MATCH = { score: 0, quality: 0 } as const;

/** A piece of the query: one word, or two neighbouring words written together. */
type QueryUnit = { text: string; from: number; to: number; prefix: boolean };

type Pair = { queryFrom: number; queryTo: number; names: number[]; quality: number; coverage: number; value: number };

/**
 * One query's matcher for a whole request: memoizes word matches (candidates share many
 * words) and split names, and scores the query, or a range of its words (a fixture's side),
 * against a name. `bound` gives a cheap upper bound of the score over several names, so that
 * candidates that cannot make the list are never scored in full.
 */
export class QueryMatcher {
  private readonly units: QueryUnit[] = [];
  private readonly table = new Map<string, Array<WordMatch | null | undefined>>();
  private readonly contextTable = new Map<string, Array<WordMatch | null | undefined>>();

  constructor(readonly query: QueryText) {
    const q = query.words;
    for (let i = 0; i < q.length; i++) this.units.push({ text: q[i]!, from: i, to: i + 1, prefix: query.prefix[i] ?? false });
    for (let i = 0; i + 1 < q.length; i++) {
      this.units.push({ text: q[i]! + q[i + 1]!, from: i, to: i + 2, prefix: query.prefix[i + 1] ?? false });
    }
  }

  /** The score of query words [from, to) against one name spelling. */
  score(name: NameWords, context: readonly string[], from = 0, to = this.query.words.length): number {
    return this.scoreParts(name, context, from, to).score;
  }

  /** The score and its QC (how well the query words are matched, before the name's coverage). */
  scoreParts(name: NameWords, context: readonly string[], from = 0, to = this.query.words.length): { score: number; quality: number } {
    if (to <= from || name.words.length === 0) return NO_MATCH;
    const pairs = this.pairs(name, from, to);
    if (pairs.length === 0) return NO_MATCH;
    pairs.sort((a, b) => b.value - a.value || b.coverage - a.coverage);

    const count = to - from;
    const quality = new Array<number>(count).fill(0);
    const queryTaken = new Array<boolean>(count).fill(false);
    const coverage = new Array<number>(name.words.length).fill(0);
    const nameTaken = new Array<boolean>(name.words.length).fill(false);
    const chosen: Pair[] = [];
    for (const pair of pairs) {
      if (anyTaken(queryTaken, pair.queryFrom - from, pair.queryTo - from) || pair.names.some((j) => nameTaken[j])) continue;
      for (let i = pair.queryFrom; i < pair.queryTo; i++) {
        queryTaken[i - from] = true;
        quality[i - from] = pair.quality;
      }
      for (const j of pair.names) {
        nameTaken[j] = true;
        coverage[j] = pair.coverage;
      }
      chosen.push(pair);
    }
    chosen.sort((a, b) => a.queryFrom - b.queryFrom);
    const inOrder = chosen.every((pair, k) => k === 0 || pair.names[0]! > chosen[k - 1]!.names[0]!);
    for (let i = 0; i < count; i++) {
      if (!queryTaken[i]) quality[i] = CONTEXT_FACTOR * this.contextQuality(from + i, context);
    }
    const qc = weightedMean(quality, this.query.weights.slice(from, to));
    const nc = weightedMean(coverage, name.weights);
    return { score: Math.min(qc * (1 - NAME_SHARE + NAME_SHARE * nc) * (inOrder ? 1 : ORDER_PENALTY), NON_EXACT_CAP), quality: qc };
  }

  /**
   * Per query word, the best quality any piece of these names (or a context word) offers it.
   * Their weighted mean over a range bounds the score of that range against any of the names.
   */
  wordBounds(names: readonly NameWords[], context: readonly string[]): number[] {
    const best = new Array<number>(this.query.words.length).fill(0);
    for (const name of names) {
      for (const pair of this.pairs(name, 0, this.query.words.length)) {
        for (let i = pair.queryFrom; i < pair.queryTo; i++) if (pair.quality > best[i]!) best[i] = pair.quality;
      }
    }
    for (let i = 0; i < best.length; i++) best[i] = Math.max(best[i]!, CONTEXT_FACTOR * this.contextQuality(i, context));
    return best;
  }

  /** Every pairing of a query piece within [from, to) with a piece of the name that matches at all. */
  private pairs(name: NameWords, from: number, to: number): Pair[] {
    const pairs: Pair[] = [];
    for (let u = 0; u < this.units.length; u++) {
      const unit = this.units[u]!;
      if (unit.from < from || unit.to > to) continue;
      for (const nameUnit of name.units) {
        if (!this.pairable(unit, nameUnit, name)) continue;
        const found = this.match(u, nameUnit.text);
        if (!found) continue;
        const quality = unit.to - unit.from > 1 || nameUnit.joined ? found.quality * JOINED_PENALTY : found.quality;
        const pair = { queryFrom: unit.from, queryTo: unit.to, names: nameUnit.names, quality, coverage: found.coverage, value: 0 };
        pair.value = matchValue(pair);
        pairs.push(pair);
      }
    }
    return pairs;
  }

  /** The weighted mean of word bounds over [from, to): no name scores more on that range. */
  bound(wordBounds: readonly number[], from = 0, to = this.query.words.length): number {
    return weightedMean(wordBounds.slice(from, to), this.query.weights.slice(from, to));
  }

  /**
   * Which pieces are worth comparing: two words written as one only when the typed word runs
   * past the name's word (or the name's word past the typed one), a whole run only for a
   * typed word longer than any word of the run.
   */
  private pairable(unit: QueryUnit, nameUnit: NameUnit, name: NameWords): boolean {
    const joinedQuery = unit.to - unit.from > 1;
    if (!nameUnit.joined) return !joinedQuery || nameUnit.text.length > this.query.words[unit.from]!.length;
    if (joinedQuery) return false;
    const first = name.words[nameUnit.names[0]!]!;
    if (nameUnit.names.length === 2 && nameUnit.names[1] === nameUnit.names[0]! + 1) return unit.text.length > first.length;
    return nameUnit.names.every((j) => unit.text.length > name.words[j]!.length);
  }

  private match(unit: number, word: string): WordMatch | null {
    let row = this.table.get(word);
    if (!row) {
      row = new Array<WordMatch | null | undefined>(this.units.length);
      this.table.set(word, row);
    }
    let result = row[unit];
    if (result === undefined) {
      const { text, prefix } = this.units[unit]!;
      result = matchWord(text, word, prefix);
      row[unit] = result;
    }
    return result;
  }

  /** The best whole-word match of a leftover query word among the entity's context words. */
  private contextQuality(index: number, context: readonly string[]): number {
    let best = 0;
    for (const word of context) {
      let row = this.contextTable.get(word);
      if (!row) {
        row = new Array<WordMatch | null | undefined>(this.query.words.length);
        this.contextTable.set(word, row);
      }
      let found = row[index];
      if (found === undefined) {
        // A word being typed may begin the country's name too ("osterr bundesliga"), once it has
        // letters enough to say which country ("m" begins too many).
        const typed = this.query.words[index]!;
        found = matchWord(typed, word, (this.query.prefix[index] ?? false) && typed.length >= MIN_CONTEXT_BEGINNING);
        row[index] = found;
      }
      if (found && found.quality > best) best = found.quality;
    }
    return best;
  }
}

function anyTaken(taken: boolean[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (taken[i]) return true;
  return false;
}

function weightedMean(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    const weight = weights[i] ?? 1;
    sum += weight * (values[i] ?? 0);
    total += weight;
  }
  return total > 0 ? sum / total : 0;
}
