import { describe, expect, it } from "vitest";
import { auditUpdateLog, parseUpdateLog, settleUpdates, updateLogLine, type UpdateLogLine } from "../../../src/live/update-log.js";

function line(fixture: number, minute: number, writer: string, at: number, phase: UpdateLogLine["phase"] = "applied"): UpdateLogLine {
  return { phase, fixture_id: fixture, key: `1H|${minute}`, clock_unix: minute * 60, status: "INPLAY_1ST_HALF", minute, writer, pid: 1, at_ms: at };
}

describe("the simulator's update log", () => {
  it("writes a line per update and phase, with the writer and the moment", () => {
    const written = updateLogLine({ fixtureId: 7, key: "1H|3", clockUnix: 180, status: "INPLAY_1ST_HALF", minute: 3 }, "sending", "host pid 9", 1_000);
    expect(written).toEqual({ phase: "sending", fixture_id: 7, key: "1H|3", clock_unix: 180, status: "INPLAY_1ST_HALF", minute: 3, writer: "host pid 9", pid: process.pid, at_ms: 1_000 });
  });

  it("reads the lines back, leaving out a torn last line", () => {
    const text = `${JSON.stringify(line(1, 1, "a", 1))}\n${JSON.stringify(line(1, 2, "a", 2))}\n{"fixture_id":1,"ke`;
    expect(parseUpdateLog(text).map((l) => l.minute)).toEqual([1, 2]);
  });

  it("counts an update a killed writer was sending as applied only when the store carries it", () => {
    const lines = [line(1, 1, "a", 1, "sending"), line(1, 1, "a", 2), line(1, 2, "a", 3, "sending"), line(2, 1, "a", 3, "sending")];
    const settled = settleUpdates(lines, new Map([[1, "1H|2"]]));
    expect(settled.map((l) => [l.fixture_id, l.minute, l.phase, l.sent_at_ms])).toEqual([[1, 1, "applied", 1], [1, 2, "applied", 3]]);
    expect(settleUpdates(lines, new Map([[1, "1H|1"]])).map((l) => l.minute)).toEqual([1]);
  });

  it("finds nothing wrong in a hand-over that goes on from the next update, and ignores updates only sent", () => {
    const audit = auditUpdateLog([line(1, 1, "a", 1), line(2, 1, "a", 2), line(1, 2, "a", 3), line(1, 3, "a", 4, "sending"), line(1, 5, "b", 20), line(2, 5, "b", 21)]);
    expect(audit.updates).toBe(5);
    expect(audit.byWriter).toEqual({ a: 3, b: 2 });
    expect(audit.duplicates).toEqual([]);
    expect(audit.backwards).toEqual([]);
    expect(audit.last.get(1)?.minute).toBe(5);
    expect(audit.last.get(2)?.writer).toBe("b");
  });

  it("orders settled updates by when they were sent: a frozen writer's late acknowledgement is not a write behind its successor's", () => {
    const frozen = [line(1, 1, "a", 1, "sending"), line(1, 1, "a", 50)]; // acknowledged when it woke
    const successor = [line(1, 5, "b", 20, "sending"), line(1, 5, "b", 21)];
    const audit = auditUpdateLog([...settleUpdates(frozen, new Map()), ...settleUpdates(successor, new Map())]);
    expect(audit.backwards).toEqual([]);
    expect(audit.last.get(1)?.writer).toBe("b");
    expect(auditUpdateLog([...frozen, ...successor]).backwards).toHaveLength(1); // by acknowledgement time it looks backwards
  });

  it("counts an update two writers both applied, and a state written back over a later one", () => {
    const audit = auditUpdateLog([line(1, 1, "a", 1), line(1, 2, "a", 2), line(1, 2, "b", 3), line(1, 1, "b", 4)]);
    expect(audit.duplicates).toEqual([
      { fixture_id: 1, key: "1H|1", writers: ["a", "b"] },
      { fixture_id: 1, key: "1H|2", writers: ["a", "b"] },
    ]);
    expect(audit.backwards).toEqual([
      { fixture_id: 1, key: "1H|2", clock_unix: 120, after_clock_unix: 120 },
      { fixture_id: 1, key: "1H|1", clock_unix: 60, after_clock_unix: 120 },
    ]);
  });
});
