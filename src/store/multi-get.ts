import type { Client, estypes } from "@elastic/elasticsearch";

/** A document an `_mget` found, with its id and version. */
export type FoundDocument<T> = { id: string; doc: T; seqNo: number | undefined; primaryTerm: number | undefined };

/** The documents of one `_mget` that exist (with a source), in the order asked; missing ones are left out. */
export async function readFound<T>(es: Client, request: estypes.MgetRequest): Promise<Array<FoundDocument<T>>> {
  const response = await es.mget<T>(request);
  return response.docs.flatMap((doc) =>
    "found" in doc && doc.found && doc._source ? [{ id: doc._id, doc: doc._source, seqNo: doc._seq_no, primaryTerm: doc._primary_term }] : [],
  );
}
