import { describe, expect, it } from "vitest";
import { EventDecoder } from "../../../scripts/bench/stream/event-decoder.js";
import { splitSnapshotFixtures } from "../../../scripts/bench/stream/snapshot-split.js";

const fixture = (id: number, extra: object = {}) => JSON.stringify({ id, updated_at: "2026-11-25T10:00:00.000Z", ...extra });

describe("splitSnapshotFixtures", () => {
  it("splits the fixtures array at its top level, strings with brackets, commas and escapes included", () => {
    const tricky = fixture(2, { name: 'a,b]}{["\\"', nested: { list: [1, [2, { x: "]" }]] } });
    const data = `{"fixtures":[${fixture(1)},${tricky}],"at":"2026-11-25T10:00:00.000Z"}`;
    expect(splitSnapshotFixtures(data)).toEqual([fixture(1), tricky]);
  });

  it("splits an empty snapshot into no fixtures", () => {
    expect(splitSnapshotFixtures('{"fixtures":[],"at":"2026-11-25T10:00:00.000Z"}')).toEqual([]);
  });

  it("refuses any other shape, so the caller parses it whole", () => {
    expect(splitSnapshotFixtures('{"at":"x","fixtures":[]}')).toBeNull();
    expect(splitSnapshotFixtures('{"fixtures":[1,2],"at":"x"}')).toBeNull();
    expect(splitSnapshotFixtures('{"fixtures":[{"id":1}')).toBeNull();
  });
});

describe("EventDecoder", () => {
  it("decodes a snapshot fixture by fixture like a whole parse would, sharing fixtures across snapshots", () => {
    const decoder = new EventDecoder();
    const first = decoder.decode("snapshot", "q1:1", `{"fixtures":[${fixture(1)},${fixture(2)}],"at":"x"}`);
    const second = decoder.decode("snapshot", "q2:1", `{"fixtures":[${fixture(2)}],"at":"y"}`);
    expect(first).toEqual({ type: "snapshot", fixtures: [expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 2 })] });
    if (first?.type !== "snapshot" || second?.type !== "snapshot") throw new Error("snapshots expected");
    expect(second.fixtures[0]).toBe(first.fixtures[1]);
    const whole = new EventDecoder().decode("snapshot", "q3:1", `{"at":"y","fixtures":[${fixture(2)}]}`);
    expect(whole).toEqual(second);
  });
});
