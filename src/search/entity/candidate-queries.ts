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
 *   two-edit automaton for it in every search (1.2-2.3 ms here, most of the teams search), so
 *   its deletion variants are looked up instead among those indexed with the team's words
 *   (deletion-variants.ts: the same words within two edits, and a few more). Scored by the
 *   variants shared, so the closer words come first, at about the weight a fuzzy match had.
 * - A shorter word gets one edit, as a fuzzy query (its automaton is small: 0.2 ms).
 */
export const TEAM_FUZZINESS = "AUTO";
const MAX_FUZZY_WORDS = 1;
/** The deletion clause's score per shared variant: all of a word's ~50 variants weigh about as much as a fuzzy match. */
const DELETION_BOOST = 0.03;

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
      if (fields.deletions && word.length >= FUZZY_TWO_EDITS) {
        clauses.push({ match: { [fields.deletions]: { query: deletionVariants(word).join(" "), boost: DELETION_BOOST } } });
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
