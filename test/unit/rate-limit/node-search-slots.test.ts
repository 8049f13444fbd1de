import { describe, expect, it } from "vitest";
import { NodeSearchSlots } from "../../../src/rate-limit/node-search-slots.js";

const open = () => new AbortController().signal;

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe("NodeSearchSlots", () => {
  it("lets `width` searches run at once and hands a freed slot to the first waiter", async () => {
    const slots = new NodeSearchSlots(1, 1);
    const a = {};
    const b = {};
    const c = {};
    const releaseA = await slots.take(a, open());
    const forB = slots.take(b, open());
    const forC = slots.take(c, open());
    expect(await settled(forB)).toBe(false);
    expect(slots.inUse).toBe(1);
    releaseA();
    const releaseB = await forB;
    expect(await settled(forC)).toBe(false);
    expect(slots.inUse).toBe(1);
    releaseB();
    (await forC)();
    expect(slots.inUse).toBe(0);
  });

  it("gives a freed slot to the waiter, not to a newcomer that asks before the waiter resumes", async () => {
    const slots = new NodeSearchSlots(1, 1);
    const release = await slots.take({}, open());
    const waiter = slots.take({}, open());
    release();
    const newcomer = slots.take({}, open());
    (await waiter)();
    expect(await settled(newcomer)).toBe(true);
    expect(slots.inUse).toBe(1);
  });

  it("lets a request whose searches are the only ones hold up to aloneWidth, and no more once another waits", async () => {
    const slots = new NodeSearchSlots(1, 2);
    const a = {};
    const first = await slots.take(a, open());
    const second = await slots.take(a, open());
    expect(slots.inUse).toBe(2);
    const third = slots.take(a, open());
    expect(await settled(third)).toBe(false);
    const other = slots.take({}, open());
    first();
    // Another request waits now: the request is no longer alone, so its third search waits for `width`.
    expect(await settled(third)).toBe(false);
    second();
    const releaseThird = await third;
    expect(await settled(other)).toBe(false);
    releaseThird();
    (await other)();
    expect(slots.inUse).toBe(0);

    const holder = {};
    const held = await slots.take(holder, open());
    const waiting = slots.take({}, open());
    // Another request waits: the holder is no longer alone, its next search waits its turn.
    const more = slots.take(holder, open());
    expect(await settled(more)).toBe(false);
    held();
    (await waiting)();
    (await more)();
  });

  it("drops a waiter whose request is aborted, with the signal's reason, and serves the next", async () => {
    const slots = new NodeSearchSlots(1, 1);
    const release = await slots.take({}, open());
    const leaving = new AbortController();
    const gone = slots.take({}, leaving.signal);
    const next = slots.take({}, open());
    leaving.abort(new Error("client gone"));
    await expect(gone).rejects.toThrow("client gone");
    release();
    (await next)();
    expect(slots.inUse).toBe(0);
    await expect(slots.take({}, leaving.signal)).rejects.toThrow("client gone");
  });

  it("counts a slot released twice once", async () => {
    const slots = new NodeSearchSlots(2, 2);
    const release = await slots.take({}, open());
    await slots.take({}, open());
    release();
    release();
    expect(slots.inUse).toBe(1);
  });

  it("refuses widths that are not whole numbers of 1 or more, and aloneWidth below width", () => {
    expect(() => new NodeSearchSlots(0, 1)).toThrow(/width must be/);
    expect(() => new NodeSearchSlots(2, 1)).toThrow(/aloneWidth must be/);
  });
});
