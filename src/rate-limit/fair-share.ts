import type { FairShareSettings } from "../config.js";
import type { SharedSlots } from "../shared-state/shared-slots.js";
import { CostEstimates } from "./cost-estimates.js";
import type { ExpensiveLane, LaneOutcome, LaneRefusal } from "./expensive-lane.js";
import type { KeyRateLimiter } from "./rate-limiter.js";
import { NodeSearchSlots } from "./node-search-slots.js";
import { DEFAULT_COST_MODEL, type CostModel } from "./request-cost.js";

/**
 * What an expensive request is estimated to cost in a scope this instance has not measured yet:
 * high rather than low, so a key's first burst of them does not all start on a small estimate.
 */
const FIRST_ESTIMATE = 50;

/** Why a turn in the lane was not given (src/middleware/fair-share-refusals.ts says it to the client). */
export type LaneDenial = LaneRefusal | Exclude<LaneOutcome, "admitted">;

/**
 * What keeps one key from taking the service from the others (docs/operations.md, "Fair share"):
 * the keys' budgets of cost units, the estimates an expensive request takes from them before it
 * runs, the lane it runs in, and the per-key cap of that lane across instances (REDIS_URL).
 */
export class FairShare {
  readonly estimates = new CostEstimates(FIRST_ESTIMATE);
  readonly model: CostModel;
  /** Where the searches of expensive requests wait for one of the node's search threads. */
  readonly nodeSlots: NodeSearchSlots;

  constructor(
    readonly settings: FairShareSettings,
    /** null when RATE_LIMIT_PER_SECOND is 0: nothing is charged, costs are still measured and told. */
    readonly limiter: KeyRateLimiter | null,
    readonly lane: ExpensiveLane,
    private readonly sharedSlots: SharedSlots | null,
    private readonly onDenied: (denial: LaneDenial) => void = () => {},
  ) {
    this.model = { ...DEFAULT_COST_MODEL, unitMs: settings.unitMs };
    this.nodeSlots = new NodeSearchSlots(settings.lane.nodeSearches, settings.lane.nodeSearchesAlone);
  }

  /**
   * A turn in the lane for one of the key's expensive requests: its release once the request may
   * run, or why not: `key_busy` when the key holds its cap of places already (on every instance
   * together with REDIS_URL), `queue_full`, `queue_timeout`, `shed` (a key holding fewer places
   * took this one's), `client_closed` (`whenClientGone` calls back when the client leaves meanwhile).
   */
  async enterLane(
    principal: { keyId: string; rateLimit: number | null },
    whenClientGone: (cancel: () => void) => () => void,
  ): Promise<{ release: () => void } | { denied: LaneDenial }> {
    const { keyId } = principal;
    // The per-key cap is a limit: a key exempt from limits (its own budget 0, or limits off) has none.
    const capped = this.limiter !== null && principal.rateLimit !== 0;
    const slot = capped && this.sharedSlots ? await this.sharedSlots.take(keyId, this.settings.lane.perKey) : null;
    if (slot === false) return this.deny("key_busy");
    const releaseSlot = () => {
      if (slot) this.sharedSlots?.release(keyId, slot);
    };
    const ticket = this.lane.enter(keyId, capped);
    if (typeof ticket === "string") {
      releaseSlot();
      return this.deny(ticket);
    }
    const stopWatching = whenClientGone(ticket.cancel);
    const outcome = await ticket.outcome;
    stopWatching();
    if (outcome !== "admitted") {
      releaseSlot();
      return this.deny(outcome);
    }
    return {
      release: () => {
        this.lane.leave(keyId);
        releaseSlot();
      },
    };
  }

  private deny(denial: LaneDenial): { denied: LaneDenial } {
    this.onDenied(denial);
    return { denied: denial };
  }
}
