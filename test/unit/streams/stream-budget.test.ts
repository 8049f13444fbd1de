import { describe, expect, it } from "vitest";
import { KEEPING_UP_BYTES, streamsToDrop } from "../../../src/streams/stream-budget.js";

const MiB = 1024 * 1024;

describe("streamsToDrop: holding the streams' budget while they run", () => {
  it("drops the streams holding the most unsent first, only as many as bring the unsent back within their share", () => {
    const holding = [
      { stream: "a", unsent: 2 * MiB },
      { stream: "b", unsent: 9 * MiB },
      { stream: "c", unsent: 5 * MiB },
      { stream: "d", unsent: 1 * MiB },
    ];
    expect(streamsToDrop(holding, 10 * MiB).map(({ stream }) => stream)).toEqual(["b", "c"]);
    expect(streamsToDrop(holding, 1).map(({ stream }) => stream)).toEqual(["b"]);
  });

  it("drops nothing when the unsent are within their share", () => {
    expect(streamsToDrop([{ stream: "a", unsent: 9 * MiB }], 0)).toEqual([]);
  });

  it("never drops a stream that keeps up, even when the unsent stay past their share", () => {
    const holding = [
      { stream: "keeps-up", unsent: KEEPING_UP_BYTES },
      { stream: "idle", unsent: 0 },
      { stream: "behind", unsent: KEEPING_UP_BYTES + 1 },
    ];
    expect(streamsToDrop(holding, 100 * MiB).map(({ stream }) => stream)).toEqual(["behind"]);
  });
});
