/** How the lane of expensive requests is bounded (docs/operations.md, "Fair share"). */
export type LaneLimits = {
  /** Expensive requests worked on at once by this instance. */
  maxInFlight: number;
  /** Expensive requests of one key in the lane at once, running or waiting (across instances with REDIS_URL). */
  perKey: number;
  /** Expensive requests waiting for a turn, all keys together. */
  maxQueued: number;
  /** The longest an expensive request waits for a turn. */
  maxWaitMs: number;
};

/** Every reason the lane refuses a request, as counted on /metrics. */
export const EXPENSIVE_REFUSALS = ["key_busy", "queue_full", "queue_timeout", "shed", "client_closed"] as const;

/** Why the lane would not take a request at once. */
export type LaneRefusal = "key_busy" | "queue_full";
/** How a wait for a turn ended; `shed`: a key with fewer requests in the lane took the place. */
export type LaneOutcome = "admitted" | "queue_timeout" | "client_closed" | "shed";
export type LaneTicket = { outcome: Promise<LaneOutcome>; cancel: () => void };

type Waiter = { settle: (outcome: LaneOutcome) => void; timer: NodeJS.Timeout };
type KeyState = { running: number; waiting: Waiter[] };

/**
 * The lane of expensive requests (src/rate-limit/request-class.ts): a few run at once, apart from
 * the ordinary requests' admission slots, so a score page never waits behind a backtest. Each key
 * holds at most `perKey` places (running or waiting), and a freed turn goes to the waiting key
 * that runs the fewest, in turn (round robin), not to the key that sent the most. When the queue
 * is full, the key holding the most places gives up its newest waiter to a key holding fewer:
 * under overload the key over its share is shed first.
 */
export class ExpensiveLane {
  private running = 0;
  private waitingCount = 0;
  /** Keys with a request in the lane; Map order is the round robin's. */
  private readonly keys = new Map<string, KeyState>();

  constructor(readonly limits: LaneLimits) {}

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waitingCount;
  }

  /**
   * A place in the lane for one of the key's requests, or why there is none. `capped`: whether the
   * key's cap applies (not to a key exempt from limits).
   */
  enter(keyId: string, capped = true): LaneTicket | LaneRefusal {
    const state = this.stateOf(keyId);
    if (capped && places(state) >= this.limits.perKey) {
      this.forgetIfIdle(keyId, state);
      return "key_busy";
    }
    if (this.running < this.limits.maxInFlight && this.waitingCount === 0) {
      this.start(keyId, state);
      return { outcome: Promise.resolve("admitted"), cancel: () => {} };
    }
    if (this.waitingCount >= this.limits.maxQueued && !this.shedOver(places(state))) {
      this.forgetIfIdle(keyId, state);
      return "queue_full";
    }
    return this.wait(keyId, state);
  }

  /** Gives a turn back; the next waiting key takes it. */
  leave(keyId: string): void {
    const state = this.keys.get(keyId);
    if (!state || state.running === 0) return;
    state.running--;
    this.running--;
    this.forgetIfIdle(keyId, state);
    this.dispatch();
  }

  private wait(keyId: string, state: KeyState): LaneTicket {
    let waiter!: Waiter;
    const outcome = new Promise<LaneOutcome>((resolve) => {
      waiter = {
        settle: (result) => {
          clearTimeout(waiter.timer);
          const at = state.waiting.indexOf(waiter);
          if (at >= 0) state.waiting.splice(at, 1);
          this.waitingCount--;
          if (result === "admitted") this.start(keyId, state);
          else this.forgetIfIdle(keyId, state);
          resolve(result);
        },
        timer: setTimeout(() => waiter.settle("queue_timeout"), this.limits.maxWaitMs),
      };
    });
    state.waiting.push(waiter);
    this.waitingCount++;
    return {
      outcome,
      cancel: () => {
        if (state.waiting.includes(waiter)) waiter.settle("client_closed");
      },
    };
  }

  private start(keyId: string, state: KeyState): void {
    state.running++;
    this.running++;
    // The key goes to the back of the round robin.
    this.keys.delete(keyId);
    this.keys.set(keyId, state);
  }

  /** Hands free turns to waiting keys: the one running the fewest first, ties in round robin order. */
  private dispatch(): void {
    while (this.running < this.limits.maxInFlight && this.waitingCount > 0) {
      let chosen: KeyState | undefined;
      for (const state of this.keys.values()) {
        if (state.waiting.length > 0 && (chosen === undefined || state.running < chosen.running)) chosen = state;
      }
      if (!chosen) return;
      chosen.waiting[0]!.settle("admitted");
    }
  }

  /** Sheds the newest waiter of the key holding the most places, if it holds more than `than` + 1. */
  private shedOver(than: number): boolean {
    let heaviest: KeyState | undefined;
    for (const state of this.keys.values()) {
      if (state.waiting.length > 0 && (heaviest === undefined || places(state) > places(heaviest))) heaviest = state;
    }
    if (!heaviest || places(heaviest) <= than + 1) return false;
    heaviest.waiting[heaviest.waiting.length - 1]!.settle("shed");
    return true;
  }

  private stateOf(keyId: string): KeyState {
    let state = this.keys.get(keyId);
    if (!state) this.keys.set(keyId, (state = { running: 0, waiting: [] }));
    return state;
  }

  private forgetIfIdle(keyId: string, state: KeyState): void {
    if (state.running === 0 && state.waiting.length === 0) this.keys.delete(keyId);
  }
}

function places(state: KeyState): number {
  return state.running + state.waiting.length;
}
