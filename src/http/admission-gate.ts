import type { AdmissionLimits } from "../config.js";

/** Why a request was refused: the queue was full, it waited too long, or its client left while it waited. */
export const REFUSAL_REASONS = ["queue_full", "queue_timeout", "client_closed"] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** How a wait in the queue ended. */
export type WaitOutcome = "admitted" | "queue_timeout" | "client_closed";

/** A place in the queue: its outcome, and how to give it up (the client left). */
export type QueueTicket = { outcome: Promise<WaitOutcome>; cancel: () => void };

type Waiter = { settle: (outcome: WaitOutcome) => void; timer: NodeJS.Timeout };

/**
 * How many API requests are worked on at once, and how many may wait for a turn and for how
 * long (docs/operations.md, "Overload"). A request that finds every slot taken waits in a bounded FIFO
 * queue; one that finds the queue full, or waits past the bound, is refused at once. So an
 * overloaded process holds at most `maxInFlight` requests' work, `maxQueued` waiting
 * requests and `maxQueuedStreams` waiting stream openings, whatever the clients send, rather
 * than starting every request it receives.
 *
 * The opening of a stream (`wait({ stream: true })`) waits in the same line but has places of
 * its own, `maxQueuedStreams`: it holds its slot only while its key and query are checked, and
 * a 503 ends a browser's EventSource for good, so a burst of reconnecting streams (all of an
 * instance's after a restart) waits its turn instead of finding the 64 places taken. Those
 * places are bounded too (admission runs before the key check: anyone can ask), and so is
 * the wait.
 */
export class AdmissionGate {
  private active = 0;
  // A Set keeps insertion order, so its first entry is the longest waiting one; a waiter
  // that leaves (timeout, client gone) is removed in O(1) from anywhere in the line.
  private readonly waiting = new Set<Waiter>();
  /** Waiters by kind: requests count against `maxQueued`, stream openings against `maxQueuedStreams`. */
  private readonly waitingOf = { request: 0, stream: 0 };

  constructor(readonly limits: AdmissionLimits) {}

  /** Requests holding a slot now. */
  get inFlight(): number {
    return this.active;
  }

  /** Requests waiting for a slot now (stream openings included). */
  get queued(): number {
    return this.waiting.size;
  }

  /**
   * Takes a slot when one is free and nobody waits (a newcomer never overtakes the queue).
   * The common case costs no promise and no timer.
   */
  tryEnter(): boolean {
    if (this.active >= this.limits.maxInFlight || this.waiting.size > 0) return false;
    this.active++;
    return true;
  }

  /**
   * A place in the queue, or null when the queue is full. The outcome is "admitted" once a
   * slot is handed over (the caller then holds it and must `leave()`), "queue_timeout" after
   * `maxWaitMs`, "client_closed" when cancelled. `stream`: a stream's opening, which takes one
   * of the `maxQueuedStreams` places instead of the `maxQueued` ones.
   */
  wait({ stream = false }: { stream?: boolean } = {}): QueueTicket | null {
    const kind = stream ? "stream" : "request";
    if (this.waitingOf[kind] >= (stream ? this.limits.maxQueuedStreams : this.limits.maxQueued)) return null;
    let waiter!: Waiter;
    const outcome = new Promise<WaitOutcome>((resolve) => {
      waiter = {
        settle: (result) => {
          clearTimeout(waiter.timer);
          this.waiting.delete(waiter);
          this.waitingOf[kind]--;
          resolve(result);
        },
        timer: setTimeout(() => waiter.settle("queue_timeout"), this.limits.maxWaitMs),
      };
    });
    this.waiting.add(waiter);
    this.waitingOf[kind]++;
    return {
      outcome,
      cancel: () => {
        // Only a waiter still in line can be cancelled; one already admitted holds its slot.
        if (this.waiting.has(waiter)) waiter.settle("client_closed");
      },
    };
  }

  /** Gives a slot back: straight to the longest waiting request, else it is free. */
  leave(): void {
    const next = this.waiting.values().next();
    if (next.done) {
      this.active = Math.max(0, this.active - 1);
      return;
    }
    // The slot passes on without being freed, so no newcomer can take it in between.
    next.value.settle("admitted");
  }
}
