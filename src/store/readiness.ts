import type { Client } from "@elastic/elasticsearch";
import { LOGICAL_INDICES, type IndexNames } from "./index-names.js";

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Ready means Elasticsearch answers (at least yellow) and every alias the service
 * reads exists. Short timeout and no retries: a probe must answer quickly.
 */
export async function checkReadiness(es: Client, indices: IndexNames): Promise<Readiness> {
  const options = { requestTimeout: 2_000, maxRetries: 0 };
  try {
    const health = await es.cluster.health({ timeout: "1s" }, options);
    if (health.status === "red") return { ready: false, reason: "Elasticsearch cluster is red" };
    const present = await Promise.all(
      LOGICAL_INDICES.map((logical) => es.indices.existsAlias({ name: indices[logical] }, options)),
    );
    if (present.some((exists) => !exists)) return { ready: false, reason: "indices are missing" };
    return { ready: true };
  } catch {
    return { ready: false, reason: "Elasticsearch is unreachable" };
  }
}
