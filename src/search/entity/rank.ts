import type { estypes } from "@elastic/elasticsearch";
import { LRUCache } from "lru-cache";
import type { FixtureDocument } from "../../domain/fixture/fixture-document.js";
import { fold } from "../../domain/text/fold.js";
import { words } from "../../domain/text/name-words.js";
import type { CountryHit, LeagueHit, TeamHit } from "./documents.js";
import { EntityScore, type ScorableEntity } from "./entity-score.js";
import { fixtureQuery, scoreFixture, type FixtureQuery } from "./fixture-score.js";
import { QueryMatcher } from "./name-score.js";
import { priorTrust, withPrior } from "./prior.js";
import { queryText } from "./query-text.js";

/**
 * Candidates in, ranked items out: every candidate is scored in TypeScript (the score is the
 * same whatever else was found), those whose text score is under MIN_SCORE are dropped as
 * noise, teams and leagues take their prominence into account (prior.ts), and the rest are
 * ordered by score; equal scores go to the more prominent entity (search.prior, as far as the
 * prior is trusted for that match: a match through slips is judged on its letters alone, tie
 * included), then the shorter name, then the id. Fixtures with equal scores go soonest first.
 */
export const MIN_SCORE = 0.3;

export type Ranked<T> = { item: T; score: number };

export type RankedResult = {
  countries?: Array<Ranked<CountryHit>>;
  leagues?: Array<Ranked<LeagueHit> & { live: number }>;
  teams?: Array<Ranked<TeamHit>>;
  fixtures?: Array<Ranked<FixtureDocument>>;
};

/**
 * One ranker per request, so word matches are computed once for all types. Candidates are
 * taken in the order of their score bounds, and the full scoring stops once no bound can make
 * the list any more: the list is the same as scoring every candidate in full.
 */
export class EntityRanker {
  private readonly matcher: QueryMatcher;
  private readonly fixtureText: FixtureQuery;
  private readonly fixtureMatcher: QueryMatcher;

  constructor(
    q: string,
    private readonly limit: number,
  ) {
    this.matcher = new QueryMatcher(queryText(q));
    this.fixtureText = fixtureQuery(q);
    this.fixtureMatcher = new QueryMatcher(this.fixtureText.whole);
  }

  countries(hits: Array<estypes.SearchHit<CountryHit>>): Array<Ranked<CountryHit>> {
    return this.rankReference(hits, (doc) => ({
      forms: doc.search?.names ?? [],
      context: [],
      codes: [doc.alpha3, doc.alpha2].flatMap((code) => (code ? [code.toLowerCase()] : [])),
    }));
  }

  leagues(hits: Array<estypes.SearchHit<LeagueHit>>, liveByLeague: ReadonlyMap<number, number>): Array<Ranked<LeagueHit> & { live: number }> {
    const ranked = this.rankReference(hits, (doc) => ({ forms: doc.search?.names ?? [], context: this.contextWords(doc), codes: [] }));
    return ranked.map((entry) => ({ ...entry, live: liveByLeague.get(entry.item.id) ?? 0 }));
  }

  teams(hits: Array<estypes.SearchHit<TeamHit>>): Array<Ranked<TeamHit>> {
    return this.rankReference(hits, (doc) => ({ forms: doc.search?.names ?? [], context: this.contextWords(doc), codes: [doc.short_code.toLowerCase()] }));
  }

  fixtures(hits: Array<estypes.SearchHit<FixtureDocument>>): Array<Ranked<FixtureDocument>> {
    const scored: Array<Ranked<FixtureDocument>> = [];
    for (const hit of hits) {
      if (!hit._source) continue;
      const sides = { home: docValues(hit, "search.home"), away: docValues(hit, "search.away") };
      scored.push({ item: hit._source, score: scoreFixture(this.fixtureText, sides, this.fixtureMatcher) });
    }
    return scored
      .filter((entry) => entry.score >= MIN_SCORE)
      // date_time is ISO 8601 in UTC: its code units order it, and localeCompare would load ICU's collation data.
      .sort((a, b) => b.score - a.score || byCodeUnits(a.item.date_time, b.item.date_time) || a.item.id - b.item.id)
      .slice(0, this.limit);
  }

  private rankReference<T extends { id: number; name: string; search?: { prior?: number } | undefined }>(
    hits: Array<estypes.SearchHit<T>>,
    scorable: (doc: T) => ScorableEntity,
  ): Array<Ranked<T>> {
    const candidates = hits.flatMap((hit) => {
      if (!hit._source) return [];
      const entity = new EntityScore(this.matcher, scorable(hit._source));
      return [{ item: hit._source, entity, bound: withPrior(entity.bound, hit._source.search?.prior) }];
    });
    candidates.sort((a, b) => b.bound - a.bound);
    const ranked: Array<Ranked<T> & { tiePrior: number }> = [];
    const byRank = (a: Ranked<T> & { tiePrior: number }, b: Ranked<T> & { tiePrior: number }) =>
      b.score - a.score || b.tiePrior - a.tiePrior || a.item.name.length - b.item.name.length || a.item.id - b.item.id;
    for (const { item, entity, bound } of candidates) {
      // A bound equal to the last listed score may still tie and win on the tie-breaks.
      const threshold = ranked.length < this.limit ? MIN_SCORE : Math.max(MIN_SCORE, ranked[this.limit - 1]!.score);
      if (bound < threshold) break;
      const text = entity.scoreParts();
      // The prior orders matches; it never lets a weak one in.
      if (text.score < MIN_SCORE) continue;
      const prior = item.search?.prior ?? 0;
      ranked.push({ item, score: withPrior(text.score, prior, text.quality), tiePrior: prior * priorTrust(text.quality) });
      ranked.sort(byRank);
      ranked.length = Math.min(ranked.length, this.limit);
    }
    return ranked.map(({ item, score }) => ({ item, score }));
  }

  /** The folded words of the entity's country in every language ("liverpool england"). */
  private contextWords(doc: { country: { name: string }; country_names?: Record<string, string> }): string[] {
    const names = [doc.country.name, ...Object.values(doc.country_names ?? {})];
    // Keyed by every name, not the English one alone: a rebuild may change a translation.
    const key = names.join("\n");
    let list = CONTEXT_WORDS.get(key);
    if (!list) {
      list = [...new Set(names.flatMap((name) => words(fold(name))))];
      CONTEXT_WORDS.set(key, list);
    }
    return list;
  }
}

// Countries are the same from request to request: fold each one's names once per process
// (folding is a few regular expressions per name; a few hundred countries at most).
const CONTEXT_WORDS = new LRUCache<string, string[]>({ max: 2_000 });

function docValues(hit: estypes.SearchHit<unknown>, field: string): string[] {
  const values = hit.fields?.[field];
  return Array.isArray(values) ? values.filter((value): value is string => typeof value === "string") : [];
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
