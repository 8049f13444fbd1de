import type { estypes } from "@elastic/elasticsearch";
import type { NamedQuery } from "../search/streams/named-queries.js";
import type { StandingQuery } from "./standing-query.js";

/**
 * What one round asks Elasticsearch, decided from the queries' state alone (pure; no I/O):
 * - `snapshots`: queries that need their whole result set with documents (new subscribers,
 *   nothing held can be trusted after a fault, a rebuild), a bounded number per round;
 * - `changes`: every other query that holds a trusted membership, asked together about the
 *   fixtures that changed (one search for all of them: round-context.ts);
 * - `checks`: on a check round, the queries whose whole membership is compared again (a window
 *   moves with time), the longest unchecked first, spread so each is checked every `refreshMs`,
 *   and each window whose next clock edge has come (`StandingQuery.nextEdgeAt`);
 * - `failed`: queries whose request could not even be built: only they fail, not the round.
 */
export type Ask = { query: StandingQuery; request: estypes.SearchRequest };

export type RoundPlan = { snapshots: Ask[]; changes: Ask[]; checks: Ask[]; failed: Array<{ query: StandingQuery; error: Error }> };

export type PlannerOptions = {
  refreshMs: number;
  /** How often a check round comes: its checks cover the queries due since the last one. */
  checkEveryMs: number;
  /** Snapshots read in one round at most (the others wait for the next round, a poll later). */
  snapshotsPerRound: number;
};

export function planRound(
  queries: Iterable<StandingQuery>,
  input: { changed: boolean; checkRound: boolean; now: number },
  options: PlannerOptions,
): RoundPlan {
  const plan: RoundPlan = { snapshots: [], changes: [], checks: [], failed: [] };
  const checkable: StandingQuery[] = [];
  let count = 0;
  const at = new Date(input.now);
  for (const query of queries) {
    count += 1;
    const wantsSnapshot = query.wantsSnapshot;
    // Nobody listens and nothing held is trusted: read in full when someone comes back.
    if (wantsSnapshot && query.isIdle) continue;
    if (wantsSnapshot && plan.snapshots.length >= options.snapshotsPerRound) continue;
    if (!wantsSnapshot && !input.changed && !input.checkRound) continue;
    let request: estypes.SearchRequest;
    try {
      request = query.requestAt(at);
    } catch (error) {
      plan.failed.push({ query, error: error as Error });
      continue;
    }
    if (wantsSnapshot) {
      plan.snapshots.push({ query, request });
      continue;
    }
    if (input.changed) plan.changes.push({ query, request });
    if (input.checkRound && !query.isIdle && (input.now - query.lastFullAt >= options.refreshMs || query.edgeDue(input.now))) checkable.push(query);
  }
  if (checkable.length > 0) {
    const requests = new Map(plan.changes.map((ask) => [ask.query, ask.request]));
    for (const query of checksDue(checkable, count, input.now, options)) {
      const request = requests.get(query) ?? safeRequest(query, at, plan);
      if (request) plan.checks.push({ query, request });
    }
  }
  return plan;
}

/**
 * The due queries checked this round: the longest unchecked first, as many as keep every
 * query checked once per `refreshMs`, and any overdue by twice that whatever the budget; a
 * window whose edge the clock just passed is checked whatever the budget too (one check per
 * edge of a query: few, and each one is news for its clients).
 */
function checksDue(due: StandingQuery[], total: number, now: number, options: PlannerOptions): StandingQuery[] {
  due.sort((a, b) => a.lastFullAt - b.lastFullAt);
  const budget = Math.max(1, Math.ceil((total * options.checkEveryMs) / options.refreshMs));
  return due.filter((query, i) => i < budget || now - query.lastFullAt >= 2 * options.refreshMs || query.edgeDue(now));
}

function safeRequest(query: StandingQuery, at: Date, plan: RoundPlan): estypes.SearchRequest | null {
  try {
    return query.requestAt(at);
  } catch (error) {
    plan.failed.push({ query, error: error as Error });
    return null;
  }
}

/** The queries of `asks` as named queries (each query's own question, named by its id). */
export function named(asks: readonly Ask[]): NamedQuery[] {
  return asks.map(({ query, request }) => ({ name: query.id, query: request.query ?? { match_all: {} } }));
}
