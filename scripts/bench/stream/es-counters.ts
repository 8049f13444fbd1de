import type { Client } from "@elastic/elasticsearch";
import { addRounds, NO_ROUNDS, roundCounts, roundsBetween, type RoundCounts } from "./round-counters.js";

/**
 * What the streams cost Elasticsearch, counted two ways over the same stretch:
 * - requests: the service's own count of its Elasticsearch requests (the
 *   `elasticsearch_request_duration_seconds` histogram of /metrics), by client API;
 * - searches: the searches the node ran on the phase's fixtures index (its `_stats`
 *   query_total: each search of an _msearch counts once), untouched by other users of the node.
 */
export type EsCounts = { requests: Map<string, number>; searches: number; rounds: RoundCounts };

const COUNT_LINE = /^elasticsearch_request_duration_seconds_count\{([^}]*)\}\s+([0-9.e+]+)$/;

/** Requests by operation from a Prometheus text page (errors included: they cost the node too). */
export function requestsByOperation(metricsText: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of metricsText.split("\n")) {
    const match = COUNT_LINE.exec(line);
    if (!match) continue;
    const operation = /operation="([^"]*)"/.exec(match[1]!)?.[1] ?? "?";
    counts.set(operation, (counts.get(operation) ?? 0) + Number(match[2]));
  }
  return counts;
}

export async function esCounts(es: Client, serviceUrls: readonly string[], fixturesIndex: string): Promise<EsCounts> {
  const requests = new Map<string, number>();
  let rounds = NO_ROUNDS;
  for (const url of serviceUrls) {
    const text = await (await fetch(`${url}/metrics`)).text();
    for (const [operation, count] of requestsByOperation(text)) requests.set(operation, (requests.get(operation) ?? 0) + count);
    rounds = addRounds(rounds, roundCounts(text));
  }
  const stats = await es.indices.stats({ index: fixturesIndex, metric: "search" });
  return { requests, searches: stats._all.primaries?.search?.query_total ?? 0, rounds };
}

/** `after - before`, per operation and in total. */
export function countsBetween(before: EsCounts, after: EsCounts): { requests: Map<string, number>; total: number; searches: number; rounds: RoundCounts } {
  const requests = new Map<string, number>();
  for (const [operation, count] of after.requests) {
    const delta = count - (before.requests.get(operation) ?? 0);
    if (delta > 0) requests.set(operation, delta);
  }
  return {
    requests,
    total: [...requests.values()].reduce((sum, n) => sum + n, 0),
    searches: after.searches - before.searches,
    rounds: roundsBetween(before.rounds, after.rounds),
  };
}
