import type { estypes } from "@elastic/elasticsearch";
import { idsWithoutStoredFields } from "../../store/hit-ids.js";
import { VERSIONED_HITS } from "../../store/hit-version.js";

/**
 * Many standing questions in one search: each standing query's own filter (built by the polled
 * endpoint's builder) becomes a `should` clause named after the query, and Elasticsearch says
 * on each hit which of them it matches (`matched_queries`). One search answers every query
 * about the same fixtures, so a round's cost follows the fixtures that changed, not the number
 * of distinct queries (docs/streams.md, "How membership is decided"). Nothing here decides
 * what matches: the clauses are the endpoints' own, unchanged.
 */
export type NamedQuery = { name: string; query: estypes.QueryDslQueryContainer };

/**
 * Leaf clauses one search carries at first. The node's limit (`maxClauseCount`, derived from
 * its heap and search threads: 16,384 on the project's 1 GB node, 1,024 at the least) counts
 * Lucene's leaf queries across the whole request; the reader halves this when a node says
 * a search had too many (standing-reader.ts).
 */
export const MAX_CLAUSES_PER_SEARCH = 4_000;

/** Query types that are leaves for the node's clause count (a `terms` list is one clause). */
const LEAVES = new Set(["term", "terms", "range", "ids", "exists", "match", "match_all", "match_none", "prefix", "wildcard", "fuzzy", "match_phrase", "match_phrase_prefix", "multi_match", "regexp", "query_string", "simple_query_string"]);

/** The leaf clauses of a query, as the node counts them (at least 1). */
export function clauseWeight(query: unknown): number {
  return Math.max(1, leaves(query));
}

function leaves(node: unknown): number {
  if (Array.isArray(node)) return node.reduce((sum: number, item) => sum + leaves(item), 0);
  if (node === null || typeof node !== "object") return 0;
  let count = 0;
  for (const [key, value] of Object.entries(node)) count += LEAVES.has(key) ? 1 : leaves(value);
  return count;
}

/** Splits named queries into groups whose clauses stay within `max` each (a larger query goes alone). */
export function chunkByClauses(named: readonly NamedQuery[], max = MAX_CLAUSES_PER_SEARCH): NamedQuery[][] {
  const chunks: NamedQuery[][] = [];
  let current: NamedQuery[] = [];
  let weight = 0;
  for (const item of named) {
    const own = clauseWeight(item.query) + 1;
    if (current.length > 0 && weight + own > max) {
      chunks.push(current);
      current = [];
      weight = 0;
    }
    current.push(item);
    weight += own;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Which of `named` each fixture matches, as ids and versions only (no document): restricted
 * to `ids` (the fixtures that changed), or over the whole index, a page at a time, sorted by
 * id so `search_after` can read on (a membership check of many queries at once).
 */
export function whichMatch(
  index: string,
  named: readonly NamedQuery[],
  options: { ids?: readonly number[]; size: number; after?: estypes.SortResults },
): estypes.SearchRequest {
  const should = named.map(({ name, query }) => ({ bool: { filter: [query], _name: name } }));
  // Restricted to ids, every one of them comes back (a few at most per round) and the named
  // clauses are optional: sorted by id, nothing is scored, so the query phase ignores them and
  // reads only the ids; Elasticsearch evaluates each named query on each hit once, to report
  // matched_queries. Without ids (a check), at least one must match, or every fixture would return.
  const query: estypes.QueryDslQueryContainer = options.ids
    ? { bool: { must: [{ ids: { values: options.ids.map(String) } }], should } }
    : { bool: { should, minimum_should_match: 1 } };
  // Ids and versions only, no stored field loaded: sorted by id, each hit's sort value is its id.
  return idsWithoutStoredFields({
    index,
    query,
    size: options.size,
    sort: [{ id: "asc" }],
    track_total_hits: false,
    allow_partial_search_results: false,
    ...(options.after ? { search_after: options.after } : {}),
  });
}

/**
 * The stored versions of `ids` (ids and versions only, no stored field): whether a fixture was
 * written since a version was judged; with `docvalueFields` (a kick-off) read beside them.
 */
export function versionsById(index: string, ids: readonly number[], docvalueFields: readonly string[] = []): estypes.SearchRequest {
  return idsWithoutStoredFields(
    {
      index,
      query: { ids: { values: ids.map(String) } },
      size: ids.length,
      sort: [{ id: "asc" }],
      track_total_hits: false,
      allow_partial_search_results: false,
    },
    docvalueFields,
  );
}

/** The field that holds a fixture's kick-off: when the clock moves it in or out of a window. */
export const KICK_OFF_FIELD = "date_time";

/** The stored documents of `ids` with the fields `source` keeps: read once per round, whichever queries show them. */
export function documentsById(index: string, ids: readonly number[], source: estypes.SearchSourceConfig | undefined): estypes.SearchRequest {
  return {
    index,
    query: { ids: { values: ids.map(String) } },
    size: ids.length,
    ...VERSIONED_HITS,
    track_total_hits: false,
    allow_partial_search_results: false,
    ...(source === undefined ? {} : { _source: source }),
  };
}

/**
 * One `_source` filter that keeps every top-level field any of `sources` keeps, so the
 * documents of a round are read once for all queries (each presenter shows only its own
 * includes, so more fields never change what it shows). Undefined keeps everything.
 */
export function unionSource(sources: ReadonlyArray<estypes.SearchSourceConfig | undefined>): estypes.SearchSourceConfig | undefined {
  let included = new Set<string>() as Set<string> | null;
  let excluded = null as Set<string> | null;
  for (const source of sources) {
    const kept = keptFields(source);
    if (kept === "all") return undefined;
    if (kept.includes) {
      if (excluded) for (const field of kept.includes) excluded.delete(field);
      else for (const field of kept.includes) included!.add(field);
    } else {
      const next = new Set(kept.excludes);
      if (excluded) {
        const current: ReadonlySet<string> = excluded;
        excluded = new Set([...current].filter((field) => next.has(field)));
      }
      else {
        const before: ReadonlySet<string> = included ?? new Set<string>();
        excluded = new Set([...next].filter((field) => !before.has(field)));
      }
      included = null;
    }
  }
  if (excluded) return excluded.size === 0 ? undefined : { excludes: [...excluded] };
  return { includes: [...included!] };
}

type Kept = "all" | { includes: string[]; excludes?: undefined } | { includes?: undefined; excludes: string[] };

function keptFields(source: estypes.SearchSourceConfig | undefined): Kept {
  if (source === undefined || source === true) return "all";
  if (source === false) return { includes: [] };
  if (Array.isArray(source)) return { includes: [...source] };
  if (typeof source === "string") return { includes: [source] };
  const filter = source as estypes.SearchSourceFilter;
  const includes = filter.includes ?? filter.include;
  const excludes = filter.excludes ?? filter.exclude;
  if (includes !== undefined) return { includes: typeof includes === "string" ? [includes] : [...includes] };
  if (excludes !== undefined) return { excludes: typeof excludes === "string" ? [excludes] : [...excludes] };
  return "all";
}

/**
 * Many queries' questions as the distinct clauses they are made of. A standing query's filter
 * is a conjunction (`bool.filter`: every clause must match, built by the polled endpoint's
 * builder), and bettors' queries share most clauses: the window and its statuses, a league, a
 * threshold others chose too. Each distinct clause is asked once, named; a query matches a
 * fixture when every one of its clauses does. A query of another shape is asked whole, as
 * one clause. Which clause matches is still Elasticsearch's answer alone.
 */
export type FactoredQueries = { clauses: NamedQuery[]; conjunctsOf: Map<string, string[]> };

export function factorConjuncts(named: readonly NamedQuery[]): FactoredQueries {
  const byText = new Map<string, string>();
  const clauses: NamedQuery[] = [];
  const conjunctsOf = new Map<string, string[]>();
  const nameOf = (clause: estypes.QueryDslQueryContainer): string => {
    const text = JSON.stringify(clause);
    let name = byText.get(text);
    if (name === undefined) {
      name = `c${clauses.length.toString(36)}`;
      byText.set(text, name);
      clauses.push({ name, query: clause });
    }
    return name;
  };
  for (const { name, query } of named) conjunctsOf.set(name, conjuncts(query).map(nameOf));
  return { clauses, conjunctsOf };
}

/** The clauses that must all match: a plain `bool` of filters, or the query itself. */
function conjuncts(query: estypes.QueryDslQueryContainer): estypes.QueryDslQueryContainer[] {
  const keys = Object.keys(query ?? {});
  const bool = query?.bool;
  if (keys.length !== 1 || bool === undefined) return [query];
  const { filter, ...rest } = bool;
  if (Object.keys(rest).length > 0 || filter === undefined) return [query];
  const list = Array.isArray(filter) ? filter : [filter];
  return list.length === 0 ? [{ match_all: {} }] : list;
}
