import { createClient, type LiveState } from "@sports-fixtures/client";
import { describe, expect, it } from "vitest";
import { useClientHarness } from "../../../test/support/client-harness-hooks.js";
import { expectConvergence } from "../../../test/support/stream-convergence.js";
import type { StreamedFixture } from "../../../test/support/stream-client.js";

/**
 * A live result set against the real service while the simulator plays at speed 60: it must
 * hold what the polled endpoint answers (test/support/stream-convergence.ts), in its order,
 * and stay so across a service restart (it reconnects by itself) and a rebuild (the new
 * snapshot replaces what it held).
 */
const harness = useClientHarness();
const QUERY = { window: "3" as const, include: ["statistics", "metrics"], order: { by: "PREDICTION_HOME_WIN_PROBABILITY", direction: "desc" as const } };
const POLLED = "/fixtures/search?window=3&include=statistics,metrics&order[PREDICTION_HOME_WIN_PROBABILITY]=desc:LEAGUE&per_page=50";

type HeldSet = ReturnType<typeof openSet>;

/** The set as stream-convergence compares it: fixtures by id. */
function held(set: { fixtures: ReadonlyMap<number, { id: number }> }) {
  return { fixtures: () => [...set.fixtures.values()].sort((a, b) => a.id - b.id) as unknown as StreamedFixture[] };
}

function openSet() {
  const client = createClient({ baseUrl: harness().url, apiKey: harness().key, backoff: { initialMs: 200, maxMs: 2_000 } });
  return client.live.fixturesSearch(QUERY);
}

function record(set: HeldSet) {
  const events: string[] = [];
  const states: LiveState[] = [];
  for (const name of ["snapshot", "enter", "update", "leave"] as const) set.on(name, () => events.push(name));
  set.on("state", ({ state }) => states.push(state));
  let changes = 0;
  set.on("change", () => (changes += 1));
  return { events, states, count: (name: string) => events.filter((event) => event === name).length, changes: () => changes };
}

async function until(what: string, condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("a live result set of /fixtures/search/stream", () => {
  it("holds what the polled endpoint answers, in its order, while matches are played", async () => {
    const set = openSet();
    const seen = record(set);
    await set.ready();
    expect(set.state).toBe("open");
    await until("changes while matches are played", () => seen.count("update") + seen.count("enter") >= 5);
    await expectConvergence(harness().front(), held(set), POLLED, harness().key);
    const polled = (await (await harness().front().get(POLLED, { key: harness().key })).json()) as { fixtures: StreamedFixture[] };
    expect(set.ordered().map((fixture) => fixture.id)).toEqual(polled.fixtures.map((fixture) => fixture.id));
    expect(seen.changes()).toBe(seen.events.length);
    set.close();
    expect(set.state).toBe("closed");
  }, 60_000);

  it("reconnects by itself across a service restart and holds the polled answer again", async () => {
    const set = openSet();
    const seen = record(set);
    await set.ready();
    const before = seen.events.length;
    await harness().restart();
    await until("the reconnect", () => seen.states.includes("retrying") && set.state === "open");
    // The new instance has no history to replay, but the Last-Event-ID says where the set stands:
    // it sends what changed since instead of a snapshot (docs/streams.md, "Reconnecting").
    await until("changes after the restart", () => seen.events.length > before + 3);
    expect(seen.count("snapshot")).toBe(1);
    await expectConvergence(harness().front(), held(set), POLLED, harness().key);
    set.close();
  }, 90_000);

  it("replaces what it held with the snapshot a rebuild sends", async () => {
    const set = openSet();
    const seen = record(set);
    await set.ready();
    await harness().rebuild();
    await until("the rebuild's snapshot", () => seen.count("snapshot") === 2);
    expect(seen.states).not.toContain("retrying");
    await expectConvergence(harness().front(), held(set), POLLED, harness().key);
    set.close();
  }, 90_000);
});

describe("a live result set of /livescores/stream", () => {
  it("holds the fixtures in play", async () => {
    const client = createClient({ baseUrl: harness().url, apiKey: harness().key });
    const set = client.live.livescores({ include: ["statistics"] });
    await set.ready();
    await expectConvergence(harness().front(), held(set), "/livescores?include=statistics", harness().key);
    set.close();
  }, 60_000);

  it("closes with the API's error when the stream is refused", async () => {
    const client = createClient({ baseUrl: harness().url, apiKey: "not-a-key" });
    const set = client.live.livescores();
    await expect(set.ready()).rejects.toMatchObject({ status: 403, message: "Unauthorized" });
    expect(set.state).toBe("closed");
  });
});
