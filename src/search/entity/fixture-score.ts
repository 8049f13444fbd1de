import type { QueryMatcher } from "./name-score.js";
import { nameWords, type NameWords } from "./name-units.js";
import { queryText, type QueryText } from "./query-text.js";

/**
 * Fixtures are found by their two teams, in either order, with or without "vs", "v" or " - "
 * between them. Documented formula:
 * - each side's score is the team score of its part of the query (1 for an exact form of a
 *   team's name, else the name score, name-score.ts);
 * - two parts: 1 when both are exact, else the mean of the two sides, times 0.95 when no
 *   separator told where the second team starts; the better order wins;
 * - one team only ("arsenal"): its score times 0.8, the other team being unnamed.
 */
export const IMPLICIT_SPLIT_FACTOR = 0.95;
export const ONE_TEAM_FACTOR = 0.8;
const NON_EXACT_CAP = 0.99;

const SEPARATOR_WORDS = new Set(["vs", "v", "versus", "x", "gegen", "contre", "contra"]);
// A dash with spaces around it separates; one inside a name ("Saint-Etienne") does not.
const DASH_SEPARATOR_RE = /\s[-\u2013\u2014@]+\s/gu;

export type FixtureQuery = {
  whole: QueryText;
  /** The two parts around an explicit separator, when there is one with words on both sides. */
  sides: [QueryText, QueryText] | null;
};

export function fixtureQuery(q: string): FixtureQuery {
  const text = queryText(q.replace(DASH_SEPARATOR_RE, " vs "));
  const kept = text.words.map((word, index) => index).filter((index) => !SEPARATOR_WORDS.has(text.words[index]!));
  const whole = pick(text, kept);
  // "arsenal vs" while typing: a separator with nothing after it is just dropped.
  const at = text.words.findIndex((word, index) => SEPARATOR_WORDS.has(word) && index > 0 && index < text.words.length - 1);
  if (at < 0) return { whole, sides: null };
  const before = kept.filter((index) => index < at);
  const after = kept.filter((index) => index > at);
  return { whole, sides: before.length > 0 && after.length > 0 ? [pick(text, before), pick(text, after)] : null };
}

function pick(text: QueryText, indices: number[]): QueryText {
  const words = indices.map((index) => text.words[index]!);
  return {
    folded: words.join(" "),
    words,
    weights: indices.map((index) => text.weights[index]!),
    prefix: indices.map((index) => text.prefix[index]!),
  };
}

export type ScorableFixture = { home: readonly string[]; away: readonly string[] };

/**
 * A fixture's score, computed from cheap bounds first: each way of reading the query (one team,
 * or the two teams split at a word, in either order) is scored in full only when its bound can
 * beat the best reading so far.
 */
export function scoreFixture(query: FixtureQuery, fixture: ScorableFixture, matcher: QueryMatcher): number {
  const home = new Side(matcher, fixture.home);
  const away = new Side(matcher, fixture.away);
  const m = matcher.query.words.length;
  if (m === 0) return 0;
  // Readings as [bound, score]: the bound never undercuts the score.
  const readings: Array<{ bound: number; score: () => number }> = [];
  const pair = (from: number, at: number, to: number, explicit: boolean) => {
    for (const [first, second] of [[home, away], [away, home]] as const) {
      readings.push({
        bound: combine(first.bound(from, at), second.bound(at, to), explicit, true),
        score: () => combine(first.score(from, at), second.score(at, to), explicit, false),
      });
    }
  };
  if (query.sides) {
    pair(0, query.sides[0].words.length, m, true);
  } else {
    for (const side of [home, away]) readings.push({ bound: ONE_TEAM_FACTOR * side.bound(0, m), score: () => ONE_TEAM_FACTOR * side.score(0, m) });
    for (let at = 1; at < m; at++) pair(0, at, m, false);
  }
  readings.sort((a, b) => b.bound - a.bound);
  let best = 0;
  for (const reading of readings) {
    if (reading.bound <= best) break;
    best = Math.max(best, reading.score());
  }
  return best;
}

/** Two sides' scores as one: 1 when both are exact, else their mean (0 when a side has none). */
function combine(a: number, b: number, explicit: boolean, asBound: boolean): number {
  if (a === 1 && b === 1) return 1;
  if (a === 0 || b === 0) return 0;
  const mean = ((a + b) / 2) * (explicit ? 1 : IMPLICIT_SPLIT_FACTOR);
  return asBound ? Math.min(1, mean) : Math.min(NON_EXACT_CAP, mean);
}

/** One team of a fixture: its exact forms and their prepared names, with word bounds. */
class Side {
  private readonly names: NameWords[];
  private readonly wordBounds: number[][];
  private readonly allBounds: number[];

  constructor(
    private readonly matcher: QueryMatcher,
    private readonly forms: readonly string[],
  ) {
    this.names = forms.map((form) => nameWords(form));
    this.wordBounds = this.names.map((name) => matcher.wordBounds([name], []));
    const length = matcher.query.words.length;
    this.allBounds = new Array<number>(length).fill(0).map((_, i) => Math.max(0, ...this.wordBounds.map((bounds) => bounds[i] ?? 0)));
  }

  private exact(from: number, to: number): boolean {
    return this.forms.includes(this.matcher.query.words.slice(from, to).join(" "));
  }

  bound(from: number, to: number): number {
    return this.exact(from, to) ? 1 : this.matcher.bound(this.allBounds, from, to);
  }

  score(from: number, to: number): number {
    if (this.exact(from, to)) return 1;
    const order = this.names
      .map((_, index) => ({ index, bound: this.matcher.bound(this.wordBounds[index]!, from, to) }))
      .sort((a, b) => b.bound - a.bound);
    let best = 0;
    for (const { index, bound } of order) {
      if (bound <= best) break;
      best = Math.max(best, this.matcher.score(this.names[index]!, [], from, to));
    }
    return best;
  }
}
