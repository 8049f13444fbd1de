import { askAboutChanges } from "./round-changes.js";
import { checkMemberships } from "./round-checks.js";
import type { RoundContext } from "./round-context.js";
import type { RoundPlan } from "./round-planner.js";
import { readSnapshots } from "./round-snapshots.js";

/**
 * Changed fixtures asked about per search. What one change search returns grows with queries x
 * ids (each hit names every query it matches): at 1,000 ids, many streams on their own queries and
 * a burst of writes filled a 128 MB heap; at 250 they did not (docs/streams.md).
 */
const IDS_PER_SEARCH = 250;

/**
 * Carries out a round's plan: asks Elasticsearch (through the context's reader) and hands each
 * query its answer. What a round costs follows the fixtures that changed, not the number of queries:
 * - changes (round-changes.ts): one search says, for every query at once, which changed
 *   fixtures it matches (named queries); each changed document is read once, only where some
 *   query needs to present it and the presented-JSON cache does not hold it;
 * - snapshots (round-snapshots.ts): one _msearch reads each waiting query's result set as ids
 *   and versions in its order, then the documents the cache lacks, a bounded number at a time;
 * - checks (round-checks.ts): one paged search reads the membership of every query checked.
 * A failure is the failing queries' own: they are read in full later, the others go on.
 */
export async function runRound(round: RoundContext, plan: RoundPlan, changedIds: readonly number[]): Promise<void> {
  for (const { query, error } of plan.failed) round.hooks.failed(query, error);
  let started = Date.now();
  const lap = (part: keyof RoundContext["timings"]) => {
    const now = Date.now();
    round.timings[part] += now - started;
    started = now;
  };
  // What changed goes first: open streams wait for it, while snapshots and checks concern other queries.
  if (plan.changes.length > 0) {
    for (let start = 0; start < changedIds.length; start += IDS_PER_SEARCH) {
      await askAboutChanges(round, plan.changes, changedIds.slice(start, start + IDS_PER_SEARCH));
    }
  }
  lap("changes");
  if (plan.snapshots.length > 0) await readSnapshots(round, plan.snapshots);
  lap("snapshots");
  if (plan.checks.length > 0) await checkMemberships(round, plan.checks);
  lap("checks");
}
