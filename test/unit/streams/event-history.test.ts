import { describe, expect, it } from "vitest";
import { EventHistory } from "../../../src/streams/event-history.js";
import { HistoryPool } from "../../../src/streams/history-pool.js";

const bytes = (seq: number) => Buffer.from(`event ${seq}\n\n`);

describe("EventHistory", () => {
  const history = new EventHistory(3, new HistoryPool(1 << 20));
  for (const seq of [1, 2, 3, 4, 5]) history.add({ seq, frame: [bytes(seq)] });

  it("replays what came after a held id, oldest first", () => {
    expect(history.after(3, 5)).toEqual([[bytes(4)], [bytes(5)]]);
    expect(history.after(2, 5)).toEqual([[bytes(3)], [bytes(4)], [bytes(5)]]);
  });

  it("has nothing to replay for the last id issued", () => {
    expect(history.after(5, 5)).toEqual([]);
  });

  it("cannot replay past what it still holds, nor an id ahead of the last issued", () => {
    expect(history.after(1, 5)).toBeNull();
    expect(history.after(6, 5)).toBeNull();
  });
});

describe("EventHistory under a pool's byte budget", () => {
  it("forgets the oldest events past the budget, and then cannot replay from before them", () => {
    const pool = new HistoryPool(25);
    const history = new EventHistory(100, pool);
    for (const seq of [1, 2, 3, 4]) history.add({ seq, frame: [Buffer.alloc(10)] });
    expect(history.after(2, 4)).toEqual([[Buffer.alloc(10)], [Buffer.alloc(10)]]);
    expect(history.after(1, 4)).toBeNull();
    expect(pool.bytes).toBe(20);
  });

  it("bounds the histories of many queries together, oldest event first across them", () => {
    const pool = new HistoryPool(100);
    const histories = Array.from({ length: 50 }, () => new EventHistory(1_000, pool));
    for (let seq = 1; seq <= 10; seq++) for (const history of histories) history.add({ seq, frame: [Buffer.alloc(10)] });
    expect(pool.bytes).toBeLessThanOrEqual(100);
    expect(histories.reduce((sum, history) => sum + history.bytes, 0)).toBe(pool.bytes);
    // The newest events (seq 10 of the last queries) are the ones kept.
    expect(histories.at(-1)!.after(9, 10)).toEqual([[Buffer.alloc(10)]]);
    expect(histories[0]!.after(9, 10)).toBeNull();
  });

  it("gives a discarded history's bytes back at once", () => {
    const pool = new HistoryPool(1_000);
    const history = new EventHistory(100, pool);
    for (const seq of [1, 2, 3]) history.add({ seq, frame: [Buffer.alloc(10)] });
    history.discard();
    expect(pool.bytes).toBe(0);
    history.add({ seq: 4, frame: [Buffer.alloc(10)] });
    expect(pool.bytes).toBe(0);
  });

  it("counts what its own count limit drops", () => {
    const pool = new HistoryPool(1_000);
    const history = new EventHistory(2, pool);
    for (const seq of [1, 2, 3, 4]) history.add({ seq, frame: [Buffer.alloc(10)] });
    expect(pool.bytes).toBe(20);
  });
});
