import type { Client, estypes } from "@elastic/elasticsearch";
import type { BetBuilderDocument } from "../domain/bet-builders/document.js";
import { searchPages } from "../store/search-pages.js";

/**
 * Reads and conditional writes of the bet_builders index. Writers never overwrite a
 * change they have not seen: every rewrite carries the `if_seq_no` it read, and a
 * builder changed in between is read again and recomputed (docs/design.md, "Conditional writes":
 * retry_on_conflict cannot be combined with if_seq_no, so re-read and retry in Node).
 */
export type StoredBetBuilder = { doc: BetBuilderDocument; seqNo: number; primaryTerm: number };

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
    for (const hit of hits) if (hit._source) found.push({ doc: hit._source, seqNo: hit._seq_no!, primaryTerm: hit._primary_term! });
  }
  return found;
}

async function readByIds(es: Client, index: string, ids: readonly string[]): Promise<StoredBetBuilder[]> {
  const response = await es.mget<BetBuilderDocument>({ index, ids: [...ids] });
  return response.docs.flatMap((doc) =>
    "found" in doc && doc.found && doc._source ? [{ doc: doc._source, seqNo: doc._seq_no!, primaryTerm: doc._primary_term! }] : [],
  );
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
    const operations: Array<estypes.BulkOperationContainer | BetBuilderDocument> = [];
    const pending: BetBuilderDocument[] = [];
    for (const stored of batch) {
      const next = update(stored.doc);
      if (!next) continue;
      operations.push({ index: { _index: index, _id: String(next.id), if_seq_no: stored.seqNo, if_primary_term: stored.primaryTerm } }, next);
      pending.push(next);
    }
    if (operations.length === 0) break;
    const response = await es.bulk({ operations });
    const conflicts: string[] = [];
    response.items.forEach((item, position) => {
      const result = item.index!;
      if (result.status === 409) conflicts.push(result._id!);
      else if (result.error) throw new Error(`Bet builder ${result._id}: ${result.error.reason ?? result.error.type}`);
      else written.push(pending[position]!);
    });
    batch = conflicts.length > 0 ? await readByIds(es, index, conflicts) : [];
  }
  return written;
}

/** Writes new bet builders; one that already exists (same user, model and combination) is left alone. */
export async function createBetBuilders(es: Client, index: string, docs: readonly BetBuilderDocument[]): Promise<{ created: BetBuilderDocument[]; existing: number }> {
  if (docs.length === 0) return { created: [], existing: 0 };
  const operations: Array<estypes.BulkOperationContainer | BetBuilderDocument> = [];
  for (const doc of docs) operations.push({ create: { _index: index, _id: String(doc.id) } }, doc);
  const response = await es.bulk({ operations });
  const created: BetBuilderDocument[] = [];
  let existing = 0;
  response.items.forEach((item, position) => {
    const result = item.create!;
    if (result.status === 409) existing++;
    else if (result.error) throw new Error(`Bet builder ${result._id}: ${result.error.reason ?? result.error.type}`);
    else created.push(docs[position]!);
  });
  return { created, existing };
}
