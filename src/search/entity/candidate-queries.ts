import type { estypes } from "@elastic/elasticsearch";
import { deletionVariants, FUZZY_TWO_EDITS } from "../../domain/text/deletion-variants.js";
import { canonicalWord } from "../../domain/text/name-words.js";
import { trigrams } from "../../domain/text/search-fields.js";
import type { QueryText } from "./query-text.js";

/**
 * Candidate queries: Elasticsearch only has to bring the right entity into a small candidate
 * set, which the TypeScript scorer then ranks (entity-score.ts). Every clause widens the net for
 * one kind of query: an exact name, misspelt words (fuzzy), a word being typed (prefix, served
 * by index_prefixes), words run together (compact prefix), and anything else that shares
 * letters (trigrams). `_score` orders candidates only and is never shown.
 */

/** Words for the word clause: each word and its canonical form ("utd" -> "united"); idf weighs them. */
function wordsText(query: QueryText): string {
  return [...new Set(query.words.flatMap((word) => [word, canonicalWord(word)]))].join(" ");
}

/**
 * The words whose letters are worth comparing: the grams of club-form words, particles and
 * numbers ("football club", "de") would outnumber those of the word that names the club
 * ("braga"). A query of light words only keeps them all.
 */
function significantWords(query: QueryText): string[] {
  const heavy = query.words.filter((_, index) => (query.weights[index] ?? 1) >= 1);
  return heavy.length > 0 ? heavy : query.words;
}

function gramsText(query: QueryText): string {
  return trigrams(significantWords(query).join("")).join(" ");
}

/**
 * Fuzzy word matching: only the teams, the one large reference index, get it, and only for the
 * longest significant word: the one most likely to carry two slips that leave it no trigram in
 * common ("pwlefmo" for "palermo"). Other slips keep enough trigrams, or are caught by the
 * slipped-prefix clause; the small indices and the fixtures of one week need neither.
 * - A word of 6 letters or more may have two slips. Lucene's fuzzy query would build a
 *   two-edit automaton for it in every search (a millisecond or two, most of the teams search), so
 *   its deletion variants are looked up instead among those indexed with the team's words
 *   (deletion-variants.ts: the same words within two edits, and a few more). A word sharing
 *   any variant gets a flat DELETION_FLAT, about what a two-edit fuzzy match scored, so a
 *   match through two slips ("club mecwxa") still outscores teams that share only a common
 *   word ("club"); then a little per variant shared, so closer words come first.
 * - A shorter word gets one edit, as a fuzzy query (its automaton is small), and a word
 *   longer than MAX_VARIANT_WORD the fuzzy query too.
 */
export const TEAM_FUZZINESS = "AUTO";
const MAX_FUZZY_WORDS = 1;
const DELETION_FLAT = 3;
/** Per shared variant: all of a word's ~50 variants weigh about as much as the flat part again. */
const DELETION_BOOST = 0.03;
/**
 * Longer words (no club's: "mönchengladbach" has 15 letters) get the fuzzy query instead: a
 * word's variants grow with the square of its length (211 at 20 letters, 5,051 at 100, the
 * longest `q`), and each would be a clause of the search.
 */
export const MAX_VARIANT_WORD = 20;

/** Should-clauses over a words field and a grams field (shared by reference entities and fixtures). */
function textClauses(
  query: QueryText,
  fields: { words: string; grams: string; deletions?: string },
  options: { fuzziness: string | null; gramsShare?: string },
): estypes.QueryDslQueryContainer[] {
  const { words: wordsField, grams: gramsField } = fields;
  const clauses: estypes.QueryDslQueryContainer[] = [
    { match: { [wordsField]: { query: wordsText(query), boost: 2 } } },
    { match: { [gramsField]: { query: gramsText(query), boost: 1, ...(options.gramsShare ? { minimum_should_match: options.gramsShare } : {}) } } },
  ];
  const fuzzy = significantWords(query)
    .filter((word) => word.length >= 4)
    .sort((a, b) => b.length - a.length)
    .slice(0, MAX_FUZZY_WORDS);
  if (options.fuzziness !== null) {
    for (const word of fuzzy) {
      if (fields.deletions && word.length >= FUZZY_TWO_EDITS && word.length <= MAX_VARIANT_WORD) {
        const variants = deletionVariants(word);
        clauses.push({ match: { [fields.deletions]: { query: variants.join(" "), boost: DELETION_BOOST } } });
        clauses.push({ constant_score: { filter: { terms: { [fields.deletions]: variants } }, boost: DELETION_FLAT } });
      } else {
        clauses.push({ match: { [wordsField]: { query: word, fuzziness: options.fuzziness, max_expansions: 30, boost: 1.5 } } });
      }
    }
  }
  const last = query.words[query.words.length - 1];
  if (last !== undefined) clauses.push({ constant_score: { filter: { prefix: { [wordsField]: last } }, boost: 2 } });
  return clauses;
}

/**
 * Countries, leagues and teams: one shape of `search` fields (src/text/search-fields.ts).
 * `codeFields`: keyword fields holding upper-case codes ("PSG", "USA") a one-word query may equal.
 */
export function referenceCandidateQuery(
  query: QueryText,
  options: { codeFields?: readonly string[]; fuzziness?: string | null } = {},
): estypes.QueryDslQueryContainer {
  const codeFields = options.codeFields ?? [];
  const compact = query.words.join("");
  const code = query.words.length === 1 && compact.length >= 2 && compact.length <= 4 ? compact.toUpperCase() : null;
  return {
    bool: {
      should: [
        { constant_score: { filter: { term: { "search.names": query.folded } }, boost: 100 } },
        ...(code ? codeFields.map((field) => ({ constant_score: { filter: { term: { [field]: code } }, boost: 50 } })) : []),
        { constant_score: { filter: { prefix: { "search.compact": compact } }, boost: 3 } },
        ...textClauses(query, { words: "search.words", grams: "search.grams", deletions: "search.deletions" }, { fuzziness: options.fuzziness ?? null }),
        ...slippedPrefixClause(query),
      ],
      minimum_should_match: 1,
    },
  };
}

/**
 * Teams: the candidates come in order of their prominence too (search.prior, 0 to 1, times
 * PRIOR_BONUS added to the text's _score), as the scorer will rank them. Short, ambiguous
 * input ("spor", "atle") matches dozens of teams about equally; without it the famous one
 * had to be fetched among 40 candidates to be found at all, with it 25 are enough (no query
 * of npm run eval:search changes rank; at 15 two are lost). Only the order of candidates
 * changes: `_score` is never shown, and the score a team gets is the scorer's.
 */
export const PRIOR_BONUS = 4;

export function withPriorBonus(query: estypes.QueryDslQueryContainer): estypes.QueryDslQueryContainer {
  return {
    function_score: { query, functions: [{ field_value_factor: { field: "search.prior", factor: PRIOR_BONUS, missing: 0 } }], boost_mode: "sum" },
  };
}

/**
 * The word being typed with a slip in it ("tottemh", "jhons"): one edit from a stored beginning
 * of a word. Its first letter is taken as typed, which keeps the automaton small.
 */
function slippedPrefixClause(query: QueryText): estypes.QueryDslQueryContainer[] {
  const last = query.words[query.words.length - 1];
  if (last === undefined || last.length < 4) return [];
  return [{ match: { "search.prefixes": { query: last.slice(0, 12), fuzziness: 1, prefix_length: 1, max_expansions: 30, boost: 1.5 } } }];
}

/** The fixtures /search covers: 6 hours in the past to 7 days ahead, level-1 leagues. */
export const FIXTURE_WINDOW = { pastHours: 6, aheadDays: 7 } as const;

export function fixtureWindowFilter(now: Date): estypes.QueryDslQueryContainer[] {
  const from = new Date(now.getTime() - FIXTURE_WINDOW.pastHours * 3_600_000);
  const to = new Date(now.getTime() + FIXTURE_WINDOW.aheadDays * 86_400_000);
  return [
    { range: { date_time: { gte: from.toISOString(), lte: to.toISOString() } } },
    { term: { "league.level": 1 } },
  ];
}

export function fixtureCandidateQuery(query: QueryText, now: Date): estypes.QueryDslQueryContainer {
  return {
    bool: {
      filter: fixtureWindowFilter(now),
      // Half the grams at least: a week of fixtures all share a few grams with any query, and
      // fetching a fixture's large _source is what costs, so only plausible ones come back.
      should: textClauses(query, { words: "search.teams", grams: "search.grams" }, { fuzziness: null, gramsShare: "50%" }),
      minimum_should_match: 1,
    },
  };
}
