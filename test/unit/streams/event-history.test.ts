import { describe, expect, it } from "vitest";
import { EventHistory } from "../../../src/streams/event-history.js";

const bytes = (seq: number) => Buffer.from(`event ${seq}\n\n`);

describe("EventHistory", () => {
  const history = new EventHistory(3);
  for (const seq of [1, 2, 3, 4, 5]) history.add({ seq, bytes: bytes(seq) });

  it("replays what came after a held id, oldest first", () => {
    expect(history.after(3, 5)).toEqual([bytes(4), bytes(5)]);
    expect(history.after(2, 5)).toEqual([bytes(3), bytes(4), bytes(5)]);
  });

  it("has nothing to replay for the last id issued", () => {
    expect(history.after(5, 5)).toEqual([]);
  });

  it("cannot replay past what it still holds, nor an id ahead of the last issued", () => {
    expect(history.after(1, 5)).toBeNull();
    expect(history.after(6, 5)).toBeNull();
  });
});

describe("EventHistory bounded by bytes", () => {
  it("forgets the oldest events past its byte budget, and then cannot replay from before them", () => {
    const history = new EventHistory(100, 25);
    for (const seq of [1, 2, 3, 4]) history.add({ seq, bytes: Buffer.alloc(10) });
    expect(history.after(2, 4)).toEqual([Buffer.alloc(10), Buffer.alloc(10)]);
    expect(history.after(1, 4)).toBeNull();
  });
});
