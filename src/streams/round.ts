import { askAboutChanges } from "./round-changes.js";
import { checkMemberships } from "./round-checks.js";
import { RoundContext, type RoundHooks, type RoundOptions } from "./round-context.js";
import type { RoundPlan } from "./round-planner.js";
import { readSnapshots } from "./round-snapshots.js";
import type { StandingReader } from "./standing-reader.js";

export { DEFAULT_ROUND_OPTIONS, type RoundHooks, type RoundOptions } from "./round-context.js";

/**
 * Carries out a round's plan: asks Elasticsearch (through the reader) and hands each query its
 * answer. What a round costs follows the fixtures that changed, not the number of queries:
 * - changes: one search says, for every query at once, which changed fixtures it matches
 *   (named queries); each changed document is read once, only where some query needs to
 *   present it and the presented-JSON cache does not hold it;
 * - snapshots: one _msearch reads each waiting query's result set as ids and versions in its
 *   order, then the documents the cache lacks, a bounded number of documents at a time;
 * - checks: one paged search reads the membership of every query checked this round.
 * A failure is the failing queries' own: they are read in full later, the others go on.
 */
export class Round {
  private readonly context: RoundContext;
  /** Milliseconds each part of the round took (logged at debug level: where a slow round goes). */
  readonly timings = { snapshots: 0, changes: 0, checks: 0 };

  constructor(reader: StandingReader, hooks: RoundHooks, options: RoundOptions, at: Date) {
    this.context = new RoundContext(reader, hooks, options, at);
  }

  /** Fixtures to ask about again next round: read at a newer version than was judged, or found behind by a check. */
  get carry(): Set<number> {
    return this.context.carry;
  }

  async run(plan: RoundPlan, changedIds: readonly number[]): Promise<void> {
    for (const { query, error } of plan.failed) this.context.hooks.failed(query, error);
    let started = Date.now();
    const lap = (part: keyof Round["timings"]) => {
      const now = Date.now();
      this.timings[part] += now - started;
      started = now;
    };
    // What changed goes first: open streams wait for it, while snapshots and checks concern other queries.
    if (plan.changes.length > 0 && changedIds.length > 0) {
      for (let start = 0; start < changedIds.length; start += this.context.options.idsPerSearch) {
        await askAboutChanges(this.context, plan.changes, changedIds.slice(start, start + this.context.options.idsPerSearch));
      }
    }
    lap("changes");
    if (plan.snapshots.length > 0) await readSnapshots(this.context, plan.snapshots);
    lap("snapshots");
    if (plan.checks.length > 0) await checkMemberships(this.context, plan.checks);
    lap("checks");
  }
}
