import { describe, expect, it } from "vitest";
import { EventDecoder, decodeEvent } from "../../../scripts/bench/stream/event-decoder.js";
import { eachSnapshotFixture, objectEnd } from "../../../scripts/bench/stream/snapshot-split.js";

const fixture = (id: number, extra: object = {}) => JSON.stringify({ id, updated_at: "2026-11-25T10:00:00.000Z", ...extra });

/** Each fixture's text as the walk finds it, or null for a shape it refuses. */
function split(data: string): string[] | null {
  const texts: string[] = [];
  const whole = eachSnapshotFixture(data, (at) => {
    const end = objectEnd(data, at);
    if (end > at) texts.push(data.slice(at, end));
    return end;
  });
  return whole ? texts : null;
}

describe("eachSnapshotFixture and objectEnd", () => {
  it("split the fixtures array at its top level, strings with brackets, commas and escapes included", () => {
    const tricky = fixture(2, { name: 'a,b]}{["\\"', nested: { list: [1, [2, { x: "]" }]] } });
    const data = `{"fixtures":[${fixture(1)},${tricky}],"at":"2026-11-25T10:00:00.000Z"}`;
    expect(split(data)).toEqual([fixture(1), tricky]);
  });

  it("split an empty snapshot into no fixtures", () => {
    expect(split('{"fixtures":[],"at":"2026-11-25T10:00:00.000Z"}')).toEqual([]);
  });

  it("refuse any other shape, so the caller parses it whole", () => {
    expect(split('{"at":"x","fixtures":[]}')).toBeNull();
    expect(split('{"fixtures":[1,2],"at":"x"}')).toBeNull();
    expect(split('{"fixtures":[{"id":1}')).toBeNull();
    expect(split('{"fixtures":[{"id":[1}],"at":"x"}')).toBeNull();
    expect(split('{"fixtures":[{"id":1}{"id":2}],"at":"x"}')).toBeNull();
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

  it("tells apart texts of one fixture that share their opening", () => {
    const decoder = new EventDecoder();
    const plain = fixture(7);
    const withOdds = fixture(7, { odds: [{ id: 1, name: "x" }] });
    const longer = `${plain.slice(0, -1)},"extra":{"a":1}}`;
    const snapshots = [plain, withOdds, longer, plain, withOdds, longer].map((text) => `{"fixtures":[${text}],"at":"x"}`);
    for (const data of snapshots) {
      expect(decoder.decode("snapshot", "q:1", data)).toEqual(decodeEvent("snapshot", data));
    }
    const many = `{"fixtures":[${withOdds},${plain},${longer},${plain}],"at":"x"}`;
    expect(decoder.decode("snapshot", "q:2", many)).toEqual(decodeEvent("snapshot", many));
  });
});
