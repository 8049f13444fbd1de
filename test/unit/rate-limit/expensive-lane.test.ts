import { describe, expect, it } from "vitest";
import { ExpensiveLane, type LaneTicket } from "../../../src/rate-limit/expensive-lane.js";

const LIMITS = { maxInFlight: 1, perKey: 2, maxQueued: 3, maxWaitMs: 60_000 };

function ticket(entered: ReturnType<ExpensiveLane["enter"]>): LaneTicket {
  if (typeof entered === "string") throw new Error(`refused: ${entered}`);
  return entered;
}

/** The order in which tickets are admitted, by their names. */
function admissions(tickets: Record<string, LaneTicket>): string[] {
  const order: string[] = [];
  for (const [name, entered] of Object.entries(tickets)) void entered.outcome.then((outcome) => outcome === "admitted" && order.push(name));
  return order;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("ExpensiveLane", () => {
  it("runs at most maxInFlight at once and hands a freed turn to the next waiter", async () => {
    const lane = new ExpensiveLane(LIMITS);
    const first = ticket(lane.enter("a"));
    const second = ticket(lane.enter("b"));
    expect(await first.outcome).toBe("admitted");
    expect([lane.inFlight, lane.queued]).toEqual([1, 1]);
    lane.leave("a");
    expect(await second.outcome).toBe("admitted");
    expect([lane.inFlight, lane.queued]).toEqual([1, 0]);
    lane.leave("b");
    expect([lane.inFlight, lane.queued]).toEqual([0, 0]);
  });

  it("refuses a key that holds its cap of places, running or waiting", () => {
    const lane = new ExpensiveLane(LIMITS);
    ticket(lane.enter("a"));
    ticket(lane.enter("a"));
    expect(lane.enter("a")).toBe("key_busy");
    expect(typeof lane.enter("b")).toBe("object");
    // A key exempt from limits has no cap.
    expect(typeof lane.enter("a", false)).toBe("object");
  });

  it("gives turns to the waiting key that runs the fewest, in turn, not to the key that sent the most", async () => {
    const lane = new ExpensiveLane({ ...LIMITS, maxInFlight: 2, perKey: 3, maxQueued: 10 });
    ticket(lane.enter("greedy"));
    ticket(lane.enter("greedy"));
    const tickets = { greedy3: ticket(lane.enter("greedy")), modest1: ticket(lane.enter("modest")), modest2: ticket(lane.enter("modest")) };
    const order = admissions(tickets);
    lane.leave("greedy");
    await flush();
    // The modest key runs nothing: it goes first although the greedy key waited longer.
    expect(order).toEqual(["modest1"]);
    lane.leave("greedy");
    await flush();
    // Now each runs one: the round robin's turn is the greedy key's, which went to the back least recently.
    expect(order).toEqual(["modest1", "greedy3"]);
    lane.leave("modest");
    await flush();
    expect(order).toEqual(["modest1", "greedy3", "modest2"]);
  });

  it("sheds the newest waiter of the key holding the most places when the queue is full", async () => {
    const lane = new ExpensiveLane({ maxInFlight: 1, perKey: 4, maxQueued: 3, maxWaitMs: 60_000 });
    ticket(lane.enter("greedy"));
    const waiting = [ticket(lane.enter("greedy")), ticket(lane.enter("greedy")), ticket(lane.enter("greedy"))];
    const modest = lane.enter("modest");
    expect(typeof modest).toBe("object");
    expect(await waiting[2]!.outcome).toBe("shed");
    expect(lane.queued).toBe(3);
    // A key holding as many places as the busiest waiter's key does not shed it: the queue is full.
    const lane2 = new ExpensiveLane({ maxInFlight: 1, perKey: 4, maxQueued: 2, maxWaitMs: 60_000 });
    ticket(lane2.enter("a"));
    ticket(lane2.enter("b"));
    ticket(lane2.enter("c"));
    expect(lane2.enter("d")).toBe("queue_full");
  });

  it("ends a wait after maxWaitMs, and a cancelled wait at once, without losing a turn", async () => {
    const lane = new ExpensiveLane({ ...LIMITS, maxWaitMs: 20 });
    ticket(lane.enter("a"));
    const timedOut = ticket(lane.enter("b"));
    expect(await timedOut.outcome).toBe("queue_timeout");
    const cancelled = ticket(lane.enter("c"));
    cancelled.cancel();
    expect(await cancelled.outcome).toBe("client_closed");
    expect(lane.queued).toBe(0);
    lane.leave("a");
    expect(lane.inFlight).toBe(0);
    expect(await ticket(lane.enter("d")).outcome).toBe("admitted");
  });

  it("ignores a leave of a key that runs nothing", () => {
    const lane = new ExpensiveLane(LIMITS);
    lane.leave("nobody");
    expect([lane.inFlight, lane.queued]).toEqual([0, 0]);
  });
});
