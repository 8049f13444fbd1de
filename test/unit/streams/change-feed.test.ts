import type { Client } from "@elastic/elasticsearch";
import { describe, expect, it } from "vitest";
import { CHANGE_PAGE_SIZE } from "../../../src/search/streams/changed-fixtures-query.js";
import { ChangeFeed } from "../../../src/streams/change-feed.js";

/**
 * The change feed's bookkeeping against a scripted node (what it reads is tested on the real
 * node in test/integration/change-feed.test.ts): a poll whose second page fails must not leave
 * the first page's versions looking already seen.
 */
const NOW = Date.parse("2026-11-25T12:00:00Z");
const hit = (id: number) => ({
  _index: "fixtures_v1",
  _id: String(id),
  _seq_no: id,
  _primary_term: 1,
  _source: { id, updated_at: new Date(NOW - 1_000).toISOString() },
  sort: [NOW - 1_000, id],
});

function scriptedNode(pages: Array<() => unknown[]>): Client {
  let page = 0;
  return {
    indices: { getSettings: async () => ({ fixtures_v1: { settings: { index: { uuid: "u1" } } } }) },
    search: async () => ({ hits: { hits: pages[page++]!() } }),
  } as unknown as Client;
}

describe("ChangeFeed", () => {
  it("commits what a poll read only when every page was read: after a failed page the whole poll is read again", async () => {
    const first = Array.from({ length: CHANGE_PAGE_SIZE }, (_, i) => hit(i + 1));
    const node = scriptedNode([
      () => first,
      () => {
        throw new Error("the node went away");
      },
      () => first,
      () => [hit(5_000)],
    ]);
    const feed = new ChangeFeed(node, "fixtures", { now: () => NOW, aliasCheckMs: 60_000 });
    await expect(feed.poll()).rejects.toThrow("the node went away");
    const again = await feed.poll();
    expect(again.reset).toBe(false);
    expect(again.ids).toHaveLength(CHANGE_PAGE_SIZE + 1);
    expect(feed.reportedVersion(1)).toBe("fixtures_v1/1/1/1");
  });
});
