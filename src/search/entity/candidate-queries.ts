import type { estypes } from "@elastic/elasticsearch";
import { canonicalWord } from "../../text/name-words.js";
import { trigrams } from "../../text/search-fields.js";
import type { QueryText } from "./query-text.js";

/**
 * Candidate queries: Elasticsearch only has to bring the right entity into a small candidate
 * set, which the TypeScript scorer then ranks (entity-score.ts). Every clause widens the net for
 * one kind of query: an exact name, misspelt words (fuzzy), a word being typed (prefix, served
 * by index_prefixes), words run together (compact prefix), and anything else that shares
 * letters (trigrams). `_score` orders candidates only and is never shown.
 */

/** Words for the fuzzy word clause: each query word and its canonical form ("utd" -> "united"). */
function wordsText(query: QueryText): string {
  return [...new Set(query.words.flatMap((word) => [word, canonicalWord(word)]))].join(" ");
}

function gramsText(query: QueryText): string {
  return trigrams(query.words.join("")).join(" ");
}

/** Should-clauses over a words field and a grams field (shared by reference entities and fixtures). */
function textClauses(query: QueryText, wordsField: string, gramsField: string): estypes.QueryDslQueryContainer[] {
  const clauses: estypes.QueryDslQueryContainer[] = [
    { match: { [wordsField]: { query: wordsText(query), fuzziness: "AUTO", max_expansions: 30, boost: 2 } } },
    { match: { [gramsField]: { query: gramsText(query), boost: 1 } } },
  ];
  const last = query.words[query.words.length - 1];
  if (last !== undefined) clauses.push({ constant_score: { filter: { prefix: { [wordsField]: last } }, boost: 2 } });
  return clauses;
}

/**
 * Countries, leagues and teams: one shape of `search` fields (src/text/search-fields.ts).
 * `codeFields`: keyword fields holding upper-case codes ("PSG", "USA") a one-word query may equal.
 */
export function referenceCandidateQuery(query: QueryText, codeFields: readonly string[] = []): estypes.QueryDslQueryContainer {
  const compact = query.words.join("");
  const code = query.words.length === 1 && compact.length >= 2 && compact.length <= 4 ? compact.toUpperCase() : null;
  return {
    bool: {
      should: [
        { constant_score: { filter: { term: { "search.names": query.folded } }, boost: 100 } },
        ...(code ? codeFields.map((field) => ({ constant_score: { filter: { term: { [field]: code } }, boost: 50 } })) : []),
        { constant_score: { filter: { prefix: { "search.compact": compact } }, boost: 3 } },
        ...textClauses(query, "search.words", "search.grams"),
      ],
      minimum_should_match: 1,
    },
  };
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
      should: textClauses(query, "search.teams", "search.grams"),
      minimum_should_match: 1,
    },
  };
}
