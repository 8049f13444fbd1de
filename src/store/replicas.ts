import type { estypes } from "@elastic/elasticsearch";
import type { IndexReplicas } from "../config.js";

export const AUTO_EXPAND_REPLICAS = "0-1";

/**
 * The replica settings an index is created with and put back to after a load. A pinned count
 * switches auto-expansion off explicitly: the index definitions carry `0-1`, which would win.
 */
export function replicaSettings(replicas: IndexReplicas): estypes.IndicesIndexSettings {
  if (replicas === "auto") return { auto_expand_replicas: AUTO_EXPAND_REPLICAS };
  return { number_of_replicas: replicas, auto_expand_replicas: false as unknown as string };
}

/**
 * The health a freshly loaded index is waited for before its alias moves to it: green under
 * "auto" (every replica allocated, so a node lost right after the swap loses no data); yellow
 * for a pinned count, which may exceed what the nodes at hand can hold.
 */
export function loadedHealth(replicas: IndexReplicas): "green" | "yellow" {
  return replicas === "auto" ? "green" : "yellow";
}
