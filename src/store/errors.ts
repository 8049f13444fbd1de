import { errors } from "@elastic/elasticsearch";

/**
 * What went wrong with a request to Elasticsearch, for the code that must tell the cases apart:
 * - `connection`: a try could not reach the node, or lost its answer (a write may have landed);
 * - `no-living-node`: every node is marked dead, so nothing was sent;
 * - `timeout`: the node did not answer in time (a write may have landed);
 * - `conflict`: a conditional write met a newer version of the document (409);
 * - `response`: any other error answer of the node.
 */
export type ClientErrorKind = "connection" | "no-living-node" | "timeout" | "conflict" | "response";

/** The kind of an error thrown by the Elasticsearch client, or null for any other error. */
export function clientErrorKind(error: unknown): ClientErrorKind | null {
  if (error instanceof errors.ConnectionError) return "connection";
  if (error instanceof errors.NoLivingConnectionsError) return "no-living-node";
  if (error instanceof errors.TimeoutError) return "timeout";
  if (error instanceof errors.ResponseError) return error.statusCode === 409 ? "conflict" : "response";
  return null;
}

/**
 * A write refused because its index is read-only for a moment: a nightly rebuild clones the live
 * history (src/store/index-clone.ts) and the node clones only an index that refuses writes.
 */
export function isWriteBlocked(error: unknown): boolean {
  const body = errorBody(error);
  // The `index.blocks.write` block only ("index write (api)"), not a full disk's read-only block.
  return body?.type === "cluster_block_exception" && /index write \(api\)/.test(body.reason ?? "");
}

/** A create refused because the index (or document) is already there: another process made it first. */
export function isAlreadyExists(error: unknown): boolean {
  return errorBody(error)?.type === "resource_already_exists_exception";
}

/** The node's error of an error answer (its type and reason), when there is one. */
function errorBody(error: unknown): { type?: string; reason?: string } | undefined {
  return (error as { body?: { error?: { type?: string; reason?: string } } }).body?.error;
}
