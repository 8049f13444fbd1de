import type { QueryMatcher } from "./name-score.js";
import { nameWords, type NameWords } from "./name-units.js";

/**
 * The score of a query against a country, league or team: the best over its names.
 * - 1 when the folded query equals one of its exact forms (a name, an alternate name or a
 *   translation, folded; umlauts also transliterated).
 * - 0.85 when the query is one word equal to its code (team short code such as "psg",
 *   country alpha-3 or alpha-2), unless a name scores higher.
 * - else the best name score (name-score.ts), at most 0.99.
 * The score depends only on the query and the entity, so it means the same in every request.
 */
export const EXACT_SCORE = 1;
export const CODE_SCORE = 0.85;

export type ScorableEntity = {
  /** Exact forms of every name, folded (the index's `search.names`). */
  forms: readonly string[];
  /** Folded words that qualify the entity without being its name (its country's names). */
  context: readonly string[];
  /** Folded codes (short code, alpha-3, alpha-2). */
  codes: readonly string[];
};

/**
 * An entity ready to be scored: a cheap upper bound of its score first (word matches only),
 * so a ranking can skip the full scoring of entities that cannot make the list.
 */
export class EntityScore {
  /** No score of this entity can exceed it. */
  readonly bound: number;
  private readonly floor: number;
  private readonly names: NameWords[];
  private readonly nameBounds: number[];

  constructor(
    private readonly matcher: QueryMatcher,
    private readonly entity: ScorableEntity,
  ) {
    const query = matcher.query;
    if (query.words.length === 0) {
      this.floor = 0;
      this.names = [];
      this.nameBounds = [];
      this.bound = 0;
      return;
    }
    const exact = entity.forms.includes(query.folded);
    this.floor = exact ? EXACT_SCORE : query.words.length === 1 && entity.codes.includes(query.folded) ? CODE_SCORE : 0;
    this.names = exact ? [] : entity.forms.map((form) => nameWords(form));
    const perName = this.names.map((name) => matcher.wordBounds([name], entity.context));
    this.nameBounds = perName.map((bounds) => matcher.bound(bounds));
    const best = perName.reduce<number[]>((acc, bounds) => acc.map((value, i) => Math.max(value, bounds[i] ?? 0)), new Array<number>(query.words.length).fill(0));
    this.bound = Math.max(this.floor, perName.length > 0 ? matcher.bound(best) : 0);
  }

  /** The score: names whose bound cannot beat the best so far are skipped. */
  score(): number {
    return this.scoreParts().score;
  }

  /**
   * The score and the quality of the query's match behind it (QC, name-score.ts; 1 for an exact
   * name or a code): the prior trusts a match of the words as typed, not one through slips.
   */
  scoreParts(): { score: number; quality: number } {
    let best = { score: this.floor, quality: 1 };
    const order = this.names.map((_, index) => index).sort((a, b) => this.nameBounds[b]! - this.nameBounds[a]!);
    for (const index of order) {
      if (this.nameBounds[index]! <= best.score) break;
      const found = this.matcher.scoreParts(this.names[index]!, this.entity.context);
      if (found.score > best.score) best = found;
    }
    return best;
  }
}
