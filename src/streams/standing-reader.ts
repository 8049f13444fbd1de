import type { Client, estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { chunkByClauses, documentsById, factorConjuncts, KICK_OFF_FIELD, MAX_CLAUSES_PER_SEARCH, versionsById, whichMatch, type NamedQuery } from "../search/streams/named-queries.js";
import { membershipOf } from "../search/streams/standing-request.js";
import { changedFixtureOf, changedFixturesRequest, CHANGE_PAGE_SIZE } from "../search/streams/changed-fixtures-query.js";
import { fixtureIdOf } from "../store/hit-ids.js";
import { msearchItem, multiSearch } from "../store/multi-search.js";
import { searchHits } from "../store/searches.js";
import type { StoredVersion } from "./membership.js";

/**
 * Every read a round makes, and nothing else: Elasticsearch answers, this turns the answers
 * into ids and versions per query. All reads of one hub go to the same shard copies
 * (`preference`), so a fixture never seems to go back in time between two reads.
 */
export type Matches = Map<string, Map<number, StoredVersion>>;

/** One query's whole result set as ids and versions, in the polled endpoint's order, or why it could not be read. */
export type OrderedMembers = { ok: true; members: Array<{ id: number; version: StoredVersion }> } | { ok: false; error: Error };

export type ReadDocument = { doc: FixtureDocument; version: StoredVersion };

export type StandingReaderOptions = {
  /** Documents one read returns at most. */
  documentsPerRead: number;
  /** Reads of documents in flight at once. */
  documentReadsAtOnce: number;
  /** Hits one page of a membership check returns. */
  checkPageSize: number;
};

export const DEFAULT_READER_OPTIONS: StandingReaderOptions = { documentsPerRead: 250, documentReadsAtOnce: 4, checkPageSize: 5_000 };

type Hit = estypes.SearchHit<FixtureDocument>;

export class StandingReader {
  /** Searches sent since the start (each search of an _msearch counts): the cost the benchmark reports per round. */
  searches = 0;
  /** Milliseconds spent waiting for Elasticsearch, by kind of read (logged with each round at debug level). */
  readonly waited = { whichMatch: 0, documents: 0, members: 0, checks: 0 };
  /** Documents read since the start (logged per round at debug level: the same fixture read again is the cost to look for). */
  documentsRead = 0;
  /** Leaf clauses per search: halved whenever the node says a search had too many (its limit follows its heap). */
  private clauseBudget = MAX_CLAUSES_PER_SEARCH;

  constructor(
    private readonly es: Client,
    private readonly alias: string,
    private readonly preference: string,
    private readonly options: StandingReaderOptions = DEFAULT_READER_OPTIONS,
  ) {}

  /**
   * Which of `named` each of `ids` matches now, in one _msearch of as few searches as the
   * node's clause limit allows. A search that fails fails its queries only: they are
   * returned in `failed`, with the reason.
   */
  async whichMatch(named: readonly NamedQuery[], ids: readonly number[]): Promise<{ matches: Matches; failed: Map<string, Error> }> {
    const { clauses, conjunctsOf } = factorConjuncts(named);
    const clauseMatches: Matches = new Map(clauses.map(({ name }) => [name, new Map()]));
    const failedClauses = new Map<string, Error>();
    let pending = [...clauses];
    while (pending.length > 0) {
      const chunks = chunkByClauses(pending, this.clauseBudget);
      const asked = Date.now();
      const answers = await this.msearch(chunks.map((chunk) => whichMatch(this.alias, chunk, { ids, size: ids.length })));
      this.waited.whichMatch += Date.now() - asked;
      pending = [];
      answers.forEach((answer, i) => {
        if (!("error" in answer)) return collect(clauseMatches, answer.hits.hits as Hit[]);
        if (this.fewerClauses(answer.error, chunks[i]!.length)) pending.push(...chunks[i]!);
        else for (const { name } of chunks[i]!) failedClauses.set(name, searchError(answer.error));
      });
    }
    // A query matches a fixture at a version when every clause it is made of matched it.
    const matches: Matches = new Map();
    const failed = new Map<string, Error>();
    for (const [name, conjuncts] of conjunctsOf) {
      const error = conjuncts.map((clause) => failedClauses.get(clause)).find((found) => found !== undefined);
      if (error) {
        failed.set(name, error);
        continue;
      }
      const [first, ...others] = conjuncts.map((clause) => clauseMatches.get(clause)!);
      const own = new Map<number, StoredVersion>();
      for (const [id, version] of first!) if (others.every((other) => other.has(id))) own.set(id, version);
      matches.set(name, own);
    }
    return { matches, failed };
  }

  /**
   * Whether a search failed for carrying too many clauses and can be split smaller: then the
   * budget is halved for this and every later search.
   */
  private fewerClauses(cause: estypes.ErrorCause, queries: number): boolean {
    if (queries <= 1 || !JSON.stringify(cause).includes("too many nested clauses")) return false;
    this.clauseBudget = Math.max(1, Math.floor(this.clauseBudget / 2));
    return true;
  }

  /**
   * The whole result set of every query of `named`, as ids and versions, read page by page
   * (a membership check of many queries in a few searches). A query whose chunk failed is in
   * `failed`; the reads of the other chunks stand.
   */
  async matchesOfAll(named: readonly NamedQuery[]): Promise<{ matches: Matches; failed: Map<string, Error> }> {
    const matches: Matches = new Map(named.map(({ name }) => [name, new Map()]));
    const failed = new Map<string, Error>();
    const chunks = chunkByClauses(named, this.clauseBudget);
    while (chunks.length > 0) {
      const chunk = chunks.shift()!;
      try {
        let after: estypes.SortResults | undefined;
        for (;;) {
          const request = { ...whichMatch(this.alias, chunk, { size: this.options.checkPageSize, ...(after ? { after } : {}) }), preference: this.preference };
          this.searches += 1;
          const asked = Date.now();
          const hits = (await searchHits<FixtureDocument>(this.es, request)) as Hit[];
          this.waited.checks += Date.now() - asked;
          collect(matches, hits);
          if (hits.length < this.options.checkPageSize) break;
          after = hits.at(-1)!.sort;
        }
      } catch (error) {
        const cause = (error as { meta?: { body?: { error?: estypes.ErrorCause } } }).meta?.body?.error;
        if (cause && this.fewerClauses(cause, chunk.length)) {
          for (const { name } of chunk) matches.set(name, new Map());
          chunks.unshift(...chunkByClauses(chunk, this.clauseBudget));
          continue;
        }
        for (const { name } of chunk) failed.set(name, error as Error);
      }
    }
    return { matches, failed };
  }

  /** The kick-off of each of `ids` in epoch milliseconds (a fixture deleted meanwhile is missing). */
  async kickOffs(ids: readonly number[]): Promise<Map<number, number>> {
    this.searches += 1;
    const hits = (await searchHits<FixtureDocument>(this.es, { ...versionsById(this.alias, ids, [KICK_OFF_FIELD]), preference: this.preference })) as Hit[];
    const kickOffs = new Map<number, number>();
    for (const hit of hits) {
      const id = fixtureIdOf(hit);
      const at = Date.parse(String(hit.fields?.[KICK_OFF_FIELD]?.[0]));
      if (id !== null && Number.isFinite(at)) kickOffs.set(id, at);
    }
    return kickOffs;
  }

  /** Each request's whole result set (at most `limit` + 1 hits) as ids and versions, in its order; one _msearch. */
  async membersInOrder(requests: readonly estypes.SearchRequest[], limit: number): Promise<OrderedMembers[]> {
    const asked = Date.now();
    const answers = await this.msearch(requests.map((request) => membershipOf(request, limit)));
    this.waited.members += Date.now() - asked;
    return answers.map((answer): OrderedMembers => {
      if ("error" in answer) return { ok: false, error: searchError(answer.error) };
      return { ok: true, members: (answer.hits.hits as Hit[]).flatMap((hit) => versioned(hit)) };
    });
  }

  /**
   * The documents of `ids` with the fields `source` keeps, in batches of `documentsPerRead`,
   * `documentReadsAtOnce` of them in flight (the caller bounds how many ids it asks at once,
   * so this bounds nothing more; one at a time, a snapshot burst waited on round trips while
   * neither the node nor the service was busy). A fixture deleted meanwhile is missing.
   */
  async documents(ids: readonly number[], source: estypes.SearchSourceConfig | undefined): Promise<Map<number, ReadDocument>> {
    const read = new Map<number, ReadDocument>();
    const batches: number[][] = [];
    for (let start = 0; start < ids.length; start += this.options.documentsPerRead) batches.push(ids.slice(start, start + this.options.documentsPerRead));
    let failed = false;
    const reader = async () => {
      // After one read failed, the others stop taking batches: the round has failed.
      for (let batch = batches.shift(); batch !== undefined && !failed; batch = batches.shift()) {
        this.searches += 1;
        const asked = Date.now();
        const hits = (await searchHits<FixtureDocument>(this.es, { ...documentsById(this.alias, batch, source), preference: this.preference }).catch((error: unknown) => {
          failed = true;
          throw error;
        })) as Hit[];
        this.waited.documents += Date.now() - asked;
        this.documentsRead += hits.length;
        for (const hit of hits) {
          const [member] = versioned(hit);
          if (member && hit._source) read.set(member.id, { doc: hit._source, version: member.version });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.documentReadsAtOnce, batches.length) }, reader));
    return read;
  }

  /**
   * The fixtures stored with an `updated_at` at or after `sinceMs`, with that time, read as the
   * change feed reads them (ids and times only); null when there are more than `max`.
   */
  async changedSince(sinceMs: number, max: number): Promise<Map<number, number> | null> {
    const changed = new Map<number, number>();
    let after: estypes.SortResults | undefined;
    for (;;) {
      this.searches += 1;
      const hits = await searchHits<never>(this.es, { ...changedFixturesRequest(this.alias, sinceMs, after), preference: this.preference });
      for (const hit of hits) {
        const read = changedFixtureOf(hit);
        if (read) changed.set(read.id, read.updatedAtMs);
      }
      if (changed.size > max) return null;
      if (hits.length < CHANGE_PAGE_SIZE) return changed;
      after = hits.at(-1)!.sort;
    }
  }

  /** The stored version of each of `ids` now; a fixture deleted is missing. */
  async versions(ids: readonly number[]): Promise<Map<number, StoredVersion>> {
    const found = new Map<number, StoredVersion>();
    if (ids.length === 0) return found;
    this.searches += 1;
    const hits = (await searchHits<FixtureDocument>(this.es, { ...versionsById(this.alias, ids), preference: this.preference })) as Hit[];
    for (const hit of hits) for (const { id, version } of versioned(hit)) found.set(id, version);
    return found;
  }

  private async msearch(requests: readonly estypes.SearchRequest[]): Promise<Array<estypes.MsearchResponseItem<FixtureDocument>>> {
    if (requests.length === 0) return [];
    this.searches += requests.length;
    return multiSearch<FixtureDocument>(this.es, { searches: requests.flatMap((request) => msearchItem(request, this.preference)) });
  }
}

function collect(matches: Matches, hits: readonly Hit[]): void {
  for (const hit of hits) {
    const [member] = versioned(hit);
    if (!member) continue;
    const names = Array.isArray(hit.matched_queries) ? hit.matched_queries : Object.keys(hit.matched_queries ?? {});
    for (const name of names) matches.get(name)?.set(member.id, member.version);
  }
}

function versioned(hit: Hit): Array<{ id: number; version: StoredVersion }> {
  const id = fixtureIdOf(hit);
  if (id === null || hit._seq_no == null || hit._primary_term == null) return [];
  return [{ id, version: { index: hit._index, seqNo: hit._seq_no, primaryTerm: hit._primary_term } }];
}

function searchError(cause: estypes.ErrorCause): Error {
  return new Error(`standing query failed: ${cause.reason ?? cause.type}`);
}
