import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexSearchFixtures } from "../support/search-fixtures.js";
import { StreamClient } from "../support/stream-client.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * A window moves with the clock: a fixture enters `window=3` three hours before kick-off and
 * leaves it at kick-off when it does not start, with no write. The stream sends those as the
 * clock passes the edge (the check the look-ahead scheduled, round-edges.ts), not at the next
 * regular check: here STREAM_REFRESH_MS is a minute, so an event within 20 s came from the edge.
 */
const HOUR = 3_600_000;
let env: TestEnv;
let key: string;
const clients: StreamClient[] = [];

beforeAll(async () => {
  env = await startTestEnv({ STREAM_POLL_MS: "100", STREAM_REFRESH_MS: "60000", STREAM_HEARTBEAT_MS: "1000" });
  key = await env.createKey();
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await env?.close();
});

describe("a window stream as the clock passes its edges", () => {
  it("sends enter and leave when a kick-off crosses the window's edge, and ends equal to the polled endpoint", async () => {
    const now = Date.now();
    const entering = { id: 81_001, date_time: new Date(now + 3 * HOUR + 8_000), status: "NOT_STARTED" as const };
    const leaving = { id: 81_002, date_time: new Date(now + 9_000), status: "NOT_STARTED" as const };
    const staying = { id: 81_003, date_time: new Date(now + HOUR), status: "NOT_STARTED" as const };
    const outside = { id: 81_004, date_time: new Date(now + 5 * HOUR), status: "NOT_STARTED" as const };
    await indexSearchFixtures(env, [entering, leaving, staying, outside]);

    const client = new StreamClient(`${env.url}/fixtures/search/stream?window=3`, key);
    clients.push(client);
    await client.waitFor("the snapshot", () => client.count("snapshot") === 1);
    expect(client.fixtures().map((fixture) => fixture.id)).toEqual([leaving.id, staying.id]);

    await client.waitFor("the fixture three hours from kick-off to enter", () => client.state.has(entering.id), 20_000);
    const entered = client.events.find((event) => event.type === "enter")!;
    expect(entered.at).toBeGreaterThanOrEqual(entering.date_time.getTime() - 3 * HOUR);
    await client.waitFor("the fixture that did not kick off to leave", () => !client.state.has(leaving.id), 20_000);
    const left = client.events.find((event) => event.type === "leave")!;
    expect(left.at).toBeGreaterThan(leaving.date_time.getTime());

    const polled = (await (await env.get("/fixtures/search?window=3&per_page=50", { key })).json()) as { fixtures: Array<{ id: number }> };
    expect(polled.fixtures.map((fixture) => fixture.id).sort()).toEqual([entering.id, staying.id]);
    expect(client.fixtures().map((fixture) => fixture.id)).toEqual([entering.id, staying.id]);
    expect(client.violations).toEqual([]);
  }, 60_000);
});
