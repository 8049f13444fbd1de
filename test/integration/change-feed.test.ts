import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ChangeFeed } from "../../src/streams/change-feed.js";
import { CHANGE_PAGE_SIZE } from "../../src/search/streams/changed-fixtures-query.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * The change feed on the real node, for a burst of writes larger than one poll reads: every
 * write of the burst is reported, and so is what was written after it.
 */
let env: TestEnv;
const BURST = CHANGE_PAGE_SIZE * 2 + 500;

beforeAll(async () => {
  env = await startTestEnv();
}, 60_000);

afterAll(async () => {
  await env?.close();
});

async function write(ids: number[], updatedAt: string): Promise<void> {
  const operations = ids.flatMap((id) => [{ index: { _index: env.deps.indices.fixtures, _id: String(id) } }, { id, updated_at: updatedAt }]);
  const response = await env.es.bulk({ operations, refresh: true });
  expect(response.errors).toBe(false);
}

describe("ChangeFeed", () => {
  it("reads a burst larger than one poll to its end, then what came after it", async () => {
    const feed = new ChangeFeed(env.es, env.deps.indices.fixtures, { maxPages: 2 });
    expect(await feed.poll()).toEqual({ reset: false, ids: [] });

    // All at one instant, as a bulk update stamps them: inside the overlap, past two pages.
    const burst = Array.from({ length: BURST }, (_, i) => i + 1);
    await write(burst, new Date().toISOString());
    const reported = new Set<number>();
    for (let poll = 0; poll < 3; poll += 1) for (const id of (await feed.poll()).ids) reported.add(id);
    expect(reported.size).toBe(BURST);

    const later = BURST + 1;
    await write([later], new Date(Date.now() + 1).toISOString());
    expect((await feed.poll()).ids).toEqual([later]);
  }, 60_000);
});
