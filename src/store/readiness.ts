import type { Client } from "@elastic/elasticsearch";
import { LOGICAL_INDICES, type IndexNames } from "./index-names.js";

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Ready means this instance reaches Elasticsearch (any node of its list: a dead one is skipped
 * by the client's retry) and every alias the service reads exists. Not the cluster's colour, and
 * not through its master: a red or masterless cluster (a node killed, its shards' replicas being
 * promoted, a new master elected) is the same for every instance, and a proxy that took them all
 * out at once would turn seconds of partial trouble into a total outage (HAProxy answering 503
 * for every request while a node is down). Requests that meet a missing shard
 * answer for themselves. Each
 * attempt is short, so a probe answers within the proxy's check timeout (3 s).
 */
export async function checkReadiness(es: Client, indices: IndexNames): Promise<Readiness> {
  const options = { requestTimeout: 900, maxRetries: 2 };
  try {
    // One request for every alias, which also proves a node answers (no health call beside it):
    // GET _alias/a,b,... is 404 when any of them is missing, and is answered from the node's own
    // cluster state (its `local` flag was dropped from the API in 8.x: always local). GET, not
    // HEAD (existsAlias): undici closes a connection after every HEAD response, so each probe
    // would open a new connection to Elasticsearch, about a millisecond of the instance's CPU.
    const aliases = await es.indices.getAlias({ name: LOGICAL_INDICES.map((logical) => indices[logical]) }, { ...options, ignore: [404], meta: true });
    if (aliases.statusCode === 404) return { ready: false, reason: "indices are missing" };
    return { ready: true };
  } catch {
    return { ready: false, reason: "Elasticsearch is unreachable" };
  }
}
