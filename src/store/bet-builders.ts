import type { Client } from "@elastic/elasticsearch";
import type { BetBuilderDocument } from "../domain/bet-builders/document.js";
import { searchPages } from "./search-pages.js";
import { countDocuments } from "./searches.js";
import { createDocuments, indexIfUnchanged, readVersioned, type Versioned } from "./versioned-documents.js";

/**
 * Reads and conditional writes of the bet_builders index. Writers never overwrite a
 * change they have not seen: every rewrite carries the `if_seq_no` it read, and a
 * builder changed in between is read again and recomputed (docs/design.md, "Conditional writes":
 * retry_on_conflict cannot be combined with if_seq_no, so re-read and retry in Node).
 */
export type StoredBetBuilder = Versioned<BetBuilderDocument>;

const MAX_ATTEMPTS = 5;

/** Every bet builder (of every user) of the given fixtures, with the version read. */
export async function readBetBuildersOfFixtures(es: Client, index: string, fixtureIds: readonly number[]): Promise<StoredBetBuilder[]> {
  const found: StoredBetBuilder[] = [];
  const builders = searchPages<BetBuilderDocument>(es, {
    index,
    seq_no_primary_term: true,
    query: { terms: { fixture_id: [...fixtureIds] } },
    sort: [{ id: "asc" }],
  });
  for await (const hits of builders) {
    for (const hit of hits) if (hit._source) found.push({ id: hit._id!, doc: hit._source, seqNo: hit._seq_no!, primaryTerm: hit._primary_term! });
  }
  return found;
}

/** One bet builder by id (`excludes`: fields left out), or undefined when there is none. */
export async function readBetBuilder(es: Client, index: string, id: number, excludes: string[]): Promise<BetBuilderDocument | undefined> {
  const response = await es.get<BetBuilderDocument>({ index, id: String(id), _source_excludes: excludes }, { ignore: [404] });
  return response.found ? response._source : undefined;
}

/** How many bet builders a user has. */
export function countBetBuildersOfUser(es: Client, index: string, userId: number): Promise<number> {
  return countDocuments(es, index, { term: { user_id: userId } });
}

/** Every fixture that has at least one bet builder (a composite aggregation, page by page). */
export async function fixturesWithBetBuilders(es: Client, index: string): Promise<number[]> {
  const ids: number[] = [];
  let after: Record<string, number> | undefined;
  for (;;) {
    const response = await es.search({
      index,
      size: 0,
      aggs: { fixtures: { composite: { size: 1000, sources: [{ id: { terms: { field: "fixture_id" } } }], ...(after ? { after } : {}) } } },
    });
    const aggregation = response.aggregations?.fixtures as { buckets: Array<{ key: { id: number } }>; after_key?: Record<string, number> } | undefined;
    const buckets = aggregation?.buckets ?? [];
    for (const bucket of buckets) ids.push(bucket.key.id);
    if (buckets.length < 1000 || !aggregation?.after_key) return ids;
    after = aggregation.after_key;
  }
}

/**
 * Applies `update` to each builder and writes the ones it changes, conditionally.
 * `update` returns null to leave a builder as it is. Returns the builders written.
 */
export async function rewriteBetBuilders(
  es: Client,
  index: string,
  builders: readonly StoredBetBuilder[],
  update: (doc: BetBuilderDocument) => BetBuilderDocument | null,
): Promise<BetBuilderDocument[]> {
  const written: BetBuilderDocument[] = [];
  let batch = [...builders];
  for (let attempt = 1; batch.length > 0; attempt++) {
    if (attempt > MAX_ATTEMPTS) throw new Error(`Bet builders: ${batch.length} kept changing while being priced; gave up`);
    const writes = batch.flatMap((stored) => {
      const next = update(stored.doc);
      return next ? [{ id: String(next.id), version: stored, doc: next }] : [];
    });
    if (writes.length === 0) break;
    const outcome = await indexIfUnchanged(es, index, writes);
    if (outcome.failure) throw new Error(`Bet builder ${outcome.failure.id}: ${outcome.failure.reason}`);
    for (const position of outcome.written) written.push(writes[position]!.doc);
    batch = outcome.conflicts.length > 0 ? await readVersioned<BetBuilderDocument>(es, index, outcome.conflicts) : [];
  }
  return written;
}

/** Writes new bet builders; one that already exists (same user, model and combination) is left alone. */
export async function createBetBuilders(es: Client, index: string, docs: readonly BetBuilderDocument[]): Promise<{ created: BetBuilderDocument[]; existing: number }> {
  if (docs.length === 0) return { created: [], existing: 0 };
  const outcome = await createDocuments(es, index, docs.map((doc) => ({ id: String(doc.id), doc })));
  if (outcome.failure) throw new Error(`Bet builder ${outcome.failure.id}: ${outcome.failure.reason}`);
  return { created: outcome.written.map((position) => docs[position]!), existing: outcome.conflicts.length };
}
