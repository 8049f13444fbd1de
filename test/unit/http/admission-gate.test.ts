import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdmissionGate, type QueueTicket, type WaitOutcome } from "../../../src/http/admission-gate.js";

const LIMITS = { maxInFlight: 2, maxQueued: 2, maxQueuedStreams: 2, maxWaitMs: 1_000, retryAfterSeconds: 1 };

/** A gate whose slots are all taken (by requests that have not left yet). */
function fullGate(limits = LIMITS): AdmissionGate {
  const gate = new AdmissionGate(limits);
  for (let i = 0; i < limits.maxInFlight; i++) expect(gate.tryEnter()).toBe(true);
  return gate;
}

/** The outcome of a ticket if it has settled by now, else "waiting". */
async function state(ticket: QueueTicket): Promise<WaitOutcome | "waiting"> {
  return Promise.race([ticket.outcome, new Promise<"waiting">((resolve) => setImmediate(() => resolve("waiting")))]);
}

describe("AdmissionGate", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("admits up to maxInFlight requests at once, then sends newcomers to the queue", () => {
    const gate = fullGate();
    expect(gate.tryEnter()).toBe(false);
    expect(gate.inFlight).toBe(2);
    expect(gate.queued).toBe(0);
  });

  it("refuses a place in the queue once maxQueued requests wait", () => {
    const gate = fullGate();
    expect(gate.wait()).not.toBeNull();
    expect(gate.wait()).not.toBeNull();
    expect(gate.wait()).toBeNull();
    expect(gate.queued).toBe(2);
  });

  it("gives stream openings places of their own beside the ordinary ones, in the same line and within the same bound", async () => {
    const gate = fullGate();
    const stream = gate.wait({ stream: true })!;
    expect(stream).not.toBeNull();
    // It does not take an ordinary request's place...
    const first = gate.wait()!;
    const second = gate.wait()!;
    expect(gate.wait()).toBeNull();
    // ...and its own places are bounded too.
    const later = gate.wait({ stream: true })!;
    expect(later).not.toBeNull();
    expect(gate.wait({ stream: true })).toBeNull();
    expect(gate.queued).toBe(4);
    // First come, first served, streams included.
    gate.leave();
    expect(await state(stream)).toBe("admitted");
    expect(await state(first)).toBe("waiting");
    expect(gate.wait()).toBeNull();
    expect(gate.wait({ stream: true })).not.toBeNull();
    gate.leave();
    expect(await state(first)).toBe("admitted");
    expect(gate.wait()).not.toBeNull();
    // The wait is bounded for stream openings too.
    vi.advanceTimersByTime(LIMITS.maxWaitMs);
    expect(await state(later)).toBe("queue_timeout");
    expect(await state(second)).toBe("queue_timeout");
  });

  it("hands a freed slot to the longest waiting request, in arrival order, without freeing it in between", async () => {
    const gate = fullGate();
    const first = gate.wait()!;
    const second = gate.wait()!;
    gate.leave();
    expect(await state(first)).toBe("admitted");
    expect(await state(second)).toBe("waiting");
    expect(gate.inFlight).toBe(2);
    expect(gate.queued).toBe(1);
    // A newcomer does not overtake the one still waiting, even with a slot about to free up.
    expect(gate.tryEnter()).toBe(false);
    gate.leave();
    expect(await state(second)).toBe("admitted");
    expect(gate.inFlight).toBe(2);
  });

  it("frees the slot when nobody waits, and never counts below zero", () => {
    const gate = new AdmissionGate(LIMITS);
    gate.tryEnter();
    gate.leave();
    gate.leave();
    expect(gate.inFlight).toBe(0);
    expect(gate.tryEnter()).toBe(true);
    expect(gate.inFlight).toBe(1);
  });

  it("ends a wait with queue_timeout after maxWaitMs and gives its place up", async () => {
    const gate = fullGate();
    const ticket = gate.wait()!;
    vi.advanceTimersByTime(999);
    expect(await state(ticket)).toBe("waiting");
    vi.advanceTimersByTime(1);
    expect(await state(ticket)).toBe("queue_timeout");
    expect(gate.queued).toBe(0);
    // The slot it never got is not handed to it later.
    gate.leave();
    expect(gate.inFlight).toBe(1);
  });

  it("ends a cancelled wait with client_closed, and a cancel after admission changes nothing", async () => {
    const gate = fullGate();
    const gone = gate.wait()!;
    const stays = gate.wait()!;
    gone.cancel();
    expect(await state(gone)).toBe("client_closed");
    expect(gate.queued).toBe(1);
    gate.leave();
    expect(await state(stays)).toBe("admitted");
    stays.cancel();
    expect(gate.inFlight).toBe(2);
    vi.advanceTimersByTime(LIMITS.maxWaitMs);
    expect(await state(stays)).toBe("admitted");
  });

  it("refuses at once when no queue is allowed", () => {
    const gate = fullGate({ ...LIMITS, maxInFlight: 1, maxQueued: 0 });
    expect(gate.tryEnter()).toBe(false);
    expect(gate.wait()).toBeNull();
  });
});
