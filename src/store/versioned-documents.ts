import type { Client, estypes } from "@elastic/elasticsearch";
import { readFound } from "./multi-get.js";

/**
 * Documents read with their version, and writes conditional on it (`if_seq_no` /
 * `if_primary_term`): a write never overwrites a change its writer has not seen. What to do
 * on a conflict (read again, merge again) is the writer's business; these only report it.
 */
type DocumentVersion = { seqNo: number; primaryTerm: number };
export type Versioned<T> = DocumentVersion & { id: string; doc: T };

/** What one bulk write did, item by item. */
type BulkOutcome = {
  /** Positions (in the writes given) of the documents written. */
  written: number[];
  /** Ids refused with 409: changed since they were read, or (a create) already there; or gone since (404 on an update: a fixture moved to history). */
  conflicts: string[];
  /** The first write that failed otherwise, or null: the caller fails with it. */
  failure: { id: string; reason: string } | null;
};

export type ConditionalWrite<T> = { id: string; version: DocumentVersion; doc: T };

function versioned<T>(id: string, doc: T, seqNo: number | undefined, primaryTerm: number | undefined): Versioned<T> {
  return { id, doc, seqNo: seqNo!, primaryTerm: primaryTerm! };
}

/** The documents of `ids` that exist, with their versions (`source`: only these fields). */
export async function readVersioned<T>(es: Client, index: string, ids: readonly string[], source?: readonly string[]): Promise<Array<Versioned<T>>> {
  if (ids.length === 0) return [];
  const found = await readFound<T>(es, { index, ids: [...ids], ...(source ? { _source: [...source] } : {}) });
  return found.map(({ id, doc, seqNo, primaryTerm }) => versioned(id, doc, seqNo, primaryTerm));
}

/** One document with its version (a realtime get), or null when it does not exist. */
export async function readOneVersioned<T>(es: Client, index: string, id: string, source?: readonly string[]): Promise<Versioned<T> | null> {
  const response = await es.get<T>({ index, id, ...(source ? { _source: [...source] } : {}) }, { ignore: [404] });
  return response.found && response._source ? versioned(response._id, response._source, response._seq_no, response._primary_term) : null;
}

/**
 * Writes one whole document only if it is still at `version`; a conflict throws (see
 * `clientErrorKind`). The client does not retry it: its retry of a timed-out try would meet
 * this very write as a 409 and report it as somebody else's, where the caller can re-read
 * and tell.
 */
export async function indexOneIfUnchanged(es: Client, index: string, write: ConditionalWrite<object>): Promise<void> {
  await es.index(
    { index, id: write.id, document: write.doc, if_seq_no: write.version.seqNo, if_primary_term: write.version.primaryTerm },
    { maxRetries: 0 },
  );
}

/** Replaces whole documents, each only if it is still at its version. */
export function indexIfUnchanged(es: Client, index: string, writes: ReadonlyArray<ConditionalWrite<object>>): Promise<BulkOutcome> {
  return bulkWrite(
    es,
    writes.flatMap((write) => [{ index: { _index: index, _id: write.id, if_seq_no: write.version.seqNo, if_primary_term: write.version.primaryTerm } }, write.doc]),
  );
}

/** Merges partial documents into stored ones, each only if it is still at its version. */
export function updateIfUnchanged(es: Client, index: string, writes: ReadonlyArray<ConditionalWrite<object>>): Promise<BulkOutcome> {
  return bulkWrite(
    es,
    writes.flatMap((write) => [{ update: { _index: index, _id: write.id, if_seq_no: write.version.seqNo, if_primary_term: write.version.primaryTerm } }, { doc: write.doc }]),
  );
}

/** Writes new documents; one whose id exists already is left alone (a conflict). */
export function createDocuments(es: Client, index: string, docs: ReadonlyArray<{ id: string; doc: object }>): Promise<BulkOutcome> {
  return bulkWrite(es, docs.flatMap((doc) => [{ create: { _index: index, _id: doc.id } }, doc.doc]));
}

async function bulkWrite(es: Client, operations: Array<estypes.BulkOperationContainer | estypes.BulkUpdateAction | object>): Promise<BulkOutcome> {
  const response = await es.bulk({ operations });
  const outcome: BulkOutcome = { written: [], conflicts: [], failure: null };
  response.items.forEach((item, position) => {
    const result = (item.index ?? item.update ?? item.create)!;
    // An update of a document gone since it was read (moved to history meanwhile) is read again, like a 409.
    if (result.status === 409 || (result.status === 404 && item.update)) outcome.conflicts.push(result._id!);
    else if (result.error) outcome.failure ??= { id: String(result._id), reason: result.error.reason ?? result.error.type };
    else outcome.written.push(position);
  });
  return outcome;
}
