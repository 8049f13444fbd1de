/**
 * Probability "books": operations on a fixture's probabilities one mutually exclusive partition
 * at a time (1X2, half-time 1X2, BTTS, each over/under line), so every partition keeps summing
 * to 1. Double chance is never transformed on its own: it is re-derived from the full-time 1X2.
 *
 * Pricing transforms a book for every bookmaker and price update of every fixture a rebuild
 * writes, so a book is a flat vector of the 14 partitioned probabilities rather than nested
 * objects: the nested form's arrays, closures and spreads per partition made pricing about a
 * third slower. The arithmetic is the nested form's, in the same order, so prices do not move
 * by a bit. `fromBook` gives the MatchProbabilities that selections read.
 */
import { doubleChanceOf, GOAL_LINES, type MatchProbabilities, type OutcomeProbabilities } from "../model/poisson.js";
import type { Random } from "../random.js";

/** The partitioned probabilities in the order their noise is drawn: 1X2, half-time 1X2, BTTS, then each goal line's over and under. */
export type Book = Float64Array;

const FULL_TIME = 0;
const HALF_TIME = 3;
const BOTH_TEAMS_SCORE = 6;
const FIRST_LINE = 8;
const BOOK_SIZE = FIRST_LINE + 2 * GOAL_LINES.length;
/** Where each partition ends (the next one starts). */
const PARTITION_ENDS = [HALF_TIME, BOTH_TEAMS_SCORE, FIRST_LINE, ...GOAL_LINES.map((_, i) => FIRST_LINE + 2 * (i + 1))];

const MIN_PROBABILITY = 1e-4;

export function toBook(p: MatchProbabilities): Book {
  const book = new Float64Array(BOOK_SIZE);
  book.set([p.fullTime.home, p.fullTime.draw, p.fullTime.away], FULL_TIME);
  book.set([p.halfTime.home, p.halfTime.draw, p.halfTime.away], HALF_TIME);
  book.set([p.bothTeamsScore.yes, p.bothTeamsScore.no], BOTH_TEAMS_SCORE);
  GOAL_LINES.forEach((line, i) => book.set([p.overUnder[line].over, p.overUnder[line].under], FIRST_LINE + 2 * i));
  return book;
}

export function fromBook(book: Book): MatchProbabilities {
  const outcome = (at: number): OutcomeProbabilities => ({ home: book[at] ?? 0, draw: book[at + 1] ?? 0, away: book[at + 2] ?? 0 });
  const fullTime = outcome(FULL_TIME);
  const overUnder = {} as MatchProbabilities["overUnder"];
  GOAL_LINES.forEach((line, i) => {
    overUnder[line] = { over: book[FIRST_LINE + 2 * i] ?? 0, under: book[FIRST_LINE + 2 * i + 1] ?? 0 };
  });
  return {
    fullTime,
    halfTime: outcome(HALF_TIME),
    overUnder,
    bothTeamsScore: { yes: book[BOTH_TEAMS_SCORE] ?? 0, no: book[BOTH_TEAMS_SCORE + 1] ?? 0 },
    doubleChance: doubleChanceOf(fullTime),
  };
}

/** Each partition clamped to MIN_PROBABILITY and rescaled to sum to 1, in place. */
function normalizePartitions(book: Book): Book {
  let start = 0;
  for (const end of PARTITION_ENDS) {
    let total = 0;
    for (let i = start; i < end; i++) {
      const clamped = Math.max(book[i] ?? 0, MIN_PROBABILITY);
      book[i] = clamped;
      total += clamped;
    }
    for (let i = start; i < end; i++) book[i] = (book[i] ?? 0) / total;
    start = end;
  }
  return book;
}

/** Each probability times exp(N(0, sd)), renormalized: an independent view of the same match. */
export function perturb(book: Book, random: Random, sd: number): Book {
  const result = new Float64Array(BOOK_SIZE);
  for (let i = 0; i < BOOK_SIZE; i++) result[i] = (book[i] ?? 0) * Math.exp(random.normal(0, sd));
  return normalizePartitions(result);
}

/** p^bias renormalized: bias above 1 shades favourites, below 1 shades outsiders. */
export function withBias(book: Book, bias: number): Book {
  const result = new Float64Array(BOOK_SIZE);
  for (let i = 0; i < BOOK_SIZE; i++) result[i] = Math.max(book[i] ?? 0, MIN_PROBABILITY) ** bias;
  return normalizePartitions(result);
}

/**
 * Geometric interpolation from `from` (t = 0) to `to` (t = 1), per partition, with optional
 * multiplicative noise that fades out as t reaches 1 (so t = 1 is exactly `to`).
 */
export function interpolate(from: Book, to: Book, t: number, random?: Random, noiseSd = 0): Book {
  const result = new Float64Array(BOOK_SIZE);
  for (let i = 0; i < BOOK_SIZE; i++) {
    const noise = random && noiseSd > 0 ? Math.exp(random.normal(0, noiseSd) * (1 - t)) : 1;
    result[i] = Math.max(from[i] ?? 0, MIN_PROBABILITY) ** (1 - t) * Math.max(to[i] ?? 0, MIN_PROBABILITY) ** t * noise;
  }
  return normalizePartitions(result);
}

export const MIN_PRICE = 1.01;
export const MAX_PRICE = 1000;

/** Decimal odds for probability q with a proportional margin, 2 decimals, within 1.01..1000. */
export function priceOf(q: number, margin: number): number {
  const raw = 1 / (Math.max(q, MIN_PROBABILITY) * (1 + margin));
  return Math.min(MAX_PRICE, Math.max(MIN_PRICE, round(raw, 2)));
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
