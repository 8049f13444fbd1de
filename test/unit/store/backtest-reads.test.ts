import type { Client, estypes } from "@elastic/elasticsearch";
import { describe, expect, it } from "vitest";
import { readSequencedBets } from "../../../src/store/backtest-reads.js";

/**
 * The profit sequence read page by page against a scripted node (what it reads is tested on the
 * real node in test/integration/fixtures-backtest.test.ts, whose sequences fit in one page).
 */
const PAGE = 2;
const REQUEST: estypes.SearchRequest = { index: "fx", size: PAGE, sort: [{ date_time: { order: "asc" } }] };

/** A node that answers the pages in turn (each bet's sort: kick-off, fixture id, profit) and keeps what it was asked. */
function scriptedNode(pages: Array<Array<[number, number, number]>>): { node: Client; asked: estypes.SearchRequest[] } {
  const asked: estypes.SearchRequest[] = [];
  const node = {
    search: async (request: estypes.SearchRequest) => {
      asked.push(request);
      return { hits: { hits: (pages[asked.length - 1] ?? []).map((sort) => ({ sort })) } };
    },
  } as unknown as Client;
  return { node, asked };
}

describe("readSequencedBets", () => {
  it("reads on after the last bet of each full page until a page is not full", async () => {
    const { node, asked } = scriptedNode([
      [
        [1, 11, -1000],
        [2, 12, 500],
      ],
      [[3, 13, 2000]],
    ]);
    const page = await readSequencedBets(node, REQUEST);
    expect(page).toEqual({ bets: [{ at: 1, profit: -1000 }, { at: 2, profit: 500 }, { at: 3, profit: 2000 }], complete: true });
    expect(asked).toEqual([
      { ...REQUEST, filter_path: "hits.hits.sort" },
      { ...REQUEST, search_after: [2, 12, 500], filter_path: "hits.hits.sort" },
    ]);
  });

  it("stops at a full page once it holds atMost bets, and says the sequence goes on", async () => {
    const { node, asked } = scriptedNode([
      [
        [1, 11, -1000],
        [2, 12, 500],
      ],
      [[3, 13, 2000]],
    ]);
    expect(await readSequencedBets(node, REQUEST, PAGE)).toEqual({ bets: [{ at: 1, profit: -1000 }, { at: 2, profit: 500 }], complete: false });
    expect(asked).toHaveLength(1);
  });
});
