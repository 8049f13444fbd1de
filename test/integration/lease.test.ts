import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Lease } from "../../src/store/lease.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

/** Resolves with the lease, and records when it was granted. */
function acquireLogged(holder: string, order: string[], options: Parameters<typeof Lease.acquire>[3] = {}) {
  return Lease.acquire(env.es, env.deps.indices, "startup", { holder, pollMs: 50, ...options }).then((lease) => {
    order.push(`${holder} acquired`);
    return lease;
  });
}

describe("Lease (one npm start at a time prepares the data)", () => {
  it("makes a second instance wait until the first releases, then lets it go on at once", async () => {
    const order: string[] = [];
    const lines: string[] = [];
    const first = await acquireLogged("first", order);
    const second = acquireLogged("second", order, { log: (line) => lines.push(line), whileWaiting: "Stop the first to go on" });
    await sleep(400);
    expect(order).toEqual(["first acquired"]);
    // Said once, with what the waiter's owner can do about it.
    expect(lines).toEqual([expect.stringMatching(/^Waiting for first to finish preparing the data .*\. Stop the first to go on$/)]);
    order.push("first released");
    await first.release();
    await (await second).release();
    expect(order).toEqual(["first acquired", "first released", "second acquired"]);
  });

  it("is kept by a live holder's heartbeat however long it holds it", async () => {
    const order: string[] = [];
    const holder = await acquireLogged("alive", order, { heartbeatMs: 50 });
    const waiter = acquireLogged("waiter", order, { staleAfterMs: 300 });
    await sleep(1_000);
    expect(order).toEqual(["alive acquired"]);
    await holder.release();
    await (await waiter).release();
    expect(order).toEqual(["alive acquired", "waiter acquired"]);
  });

  it("is free after a release that met a heartbeat in flight", async () => {
    for (let round = 0; round < 5; round++) {
      const busy = await Lease.acquire(env.es, env.deps.indices, "startup", { holder: "busy", heartbeatMs: 5 });
      await sleep(60);
      await busy.release();
      const next = Lease.acquire(env.es, env.deps.indices, "startup", { holder: "next", pollMs: 50, staleAfterMs: 60_000 });
      const outcome = await Promise.race([next.then(() => "acquired"), sleep(2_000).then(() => "still held")]);
      expect(outcome).toBe("acquired");
      await (await next).release();
    }
  });

  it("is taken over from a holder that shows no sign of life, whose late release then frees nothing", async () => {
    const order: string[] = [];
    const lines: string[] = [];
    const silent = await acquireLogged("silent", order, { heartbeatMs: 60_000 });
    const successor = await acquireLogged("successor", order, { staleAfterMs: 300, log: (line) => lines.push(line) });
    expect(lines.at(-1)).toMatch(/^Took over the startup lease of silent/);

    await silent.release(); // conditional on the version it wrote: the successor's lease stands
    const third = acquireLogged("third", order, { staleAfterMs: 60_000 });
    await sleep(400);
    expect(order).toEqual(["silent acquired", "successor acquired"]);
    await successor.release();
    await (await third).release();
    expect(order).toEqual(["silent acquired", "successor acquired", "third acquired"]);
  });

  it("tells a holder frozen past the limit that it was taken over, by a conditional write, before its next heartbeat", async () => {
    const order: string[] = [];
    const frozen = await acquireLogged("frozen", order, { heartbeatMs: 60_000 });
    expect(await frozen.stillHeld()).toBe(true);
    const successor = await acquireLogged("successor", order, { staleAfterMs: 300 });
    expect(await frozen.stillHeld()).toBe(false);
    await expect(frozen.assertHeld()).rejects.toThrow(/taken over by another process/);
    expect(await successor.stillHeld()).toBe(true);
    await frozen.release();
    await successor.release();
  });
});

describe("Lease (the live feed's one writer)", () => {
  it("lets its holder write only while its last confirmed heartbeat is younger than the staleness less one beat, and tells it when taken over", async () => {
    const lost: string[] = [];
    // A heartbeat far apart: the 400 ms left between one beat and the staleness run out here.
    const writer = await Lease.acquire(env.es, env.deps.indices, "writer", { holder: "writer", heartbeatMs: 10_000, staleAfterMs: 10_400, onLost: () => lost.push("writer") });
    expect(writer.mayWrite()).toBe(true);
    await sleep(600);
    expect(writer.mayWrite()).toBe(false);
    expect(await writer.stillHeld()).toBe(true); // a confirming write: writing may go on
    expect(writer.mayWrite()).toBe(true);

    const successor = await Lease.acquire(env.es, env.deps.indices, "writer", { holder: "successor", heartbeatMs: 50, staleAfterMs: 300, pollMs: 50 });
    expect(lost).toEqual([]);
    expect(await writer.stillHeld()).toBe(false);
    expect(writer.mayWrite()).toBe(false);
    expect(lost).toEqual(["writer"]);
    expect(successor.mayWrite()).toBe(true);
    await writer.release();
    await successor.release();
  });

  it("stops a waiter whose signal aborts", async () => {
    const holder = await Lease.acquire(env.es, env.deps.indices, "writer", { holder: "holder" });
    const stop = new AbortController();
    const waiter = Lease.acquire(env.es, env.deps.indices, "writer", { holder: "waiter", pollMs: 50, signal: stop.signal });
    await sleep(200);
    stop.abort();
    await expect(waiter).rejects.toThrow();
    await holder.release();
  });
});
