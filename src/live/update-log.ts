/**
 * The simulator's own log of its updates (`--updates-log FILE`): one JSON line when an update
 * is sent ("sending") and one when it was written ("applied"), appended synchronously, so the
 * lines of a writer killed with SIGKILL are on disk up to the instant of the kill. An update
 * sent without an "applied" line is in doubt (the process died before the answer, or the write
 * found nothing to do); `settleUpdates` decides it from the store as read after the writer
 * stopped. Several writers (one at a time) may share a file or have one each; `auditUpdateLog`
 * reads them together and counts every (fixture, key) once (docs/operations.md, "One writer").
 */
import { appendFileSync } from "node:fs";
import type { AppliedUpdate, UpdatePhase } from "./simulator.js";

/** One line of the log. */
export type UpdateLogLine = {
  phase: UpdatePhase;
  fixture_id: number;
  /** The change key (live-fixture.ts, `projectionAt`): with the fixture id, the update's identity. */
  key: string;
  /** Match clock second the state was projected at. */
  clock_unix: number;
  status: string;
  minute: number | null;
  /** The writer: host and pid, as the writer lease names it. */
  writer: string;
  pid: number;
  /** Wall time of the line (epoch ms): when the write was sent, or acknowledged. */
  at_ms: number;
  /** Set by `settleUpdates` on an applied update: when it was sent (the order writes were issued in). */
  sent_at_ms?: number;
};

export function updateLogLine(update: AppliedUpdate, phase: UpdatePhase, writer: string, now = Date.now()): UpdateLogLine {
  return {
    phase,
    fixture_id: update.fixtureId,
    key: update.key,
    clock_unix: update.clockUnix,
    status: update.status,
    minute: update.minute,
    writer,
    pid: process.pid,
    at_ms: now,
  };
}

/** A recorder that appends every update's lines to `path`. */
export function appendUpdatesTo(path: string, writer: string): (update: AppliedUpdate, phase: UpdatePhase) => void {
  return (update, phase) => appendFileSync(path, `${JSON.stringify(updateLogLine(update, phase, writer))}\n`);
}

/** The lines of a log's text (a torn last line, from a process killed mid-append, is left out). */
export function parseUpdateLog(text: string): UpdateLogLine[] {
  return text
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as UpdateLogLine];
      } catch {
        return [];
      }
    });
}

const idOf = (line: Pick<UpdateLogLine, "writer" | "fixture_id" | "key">) => `${line.writer}\u0000${line.fixture_id}\u0000${line.key}`;

/**
 * The updates a stopped writer applied: its "applied" lines, and each update it was still
 * sending when it stopped (no "applied" line) that the store, read after it stopped, carries
 * (`storedKeys`: each fixture's stored change key) — it landed after the writer died.
 */
export function settleUpdates(lines: readonly UpdateLogLine[], storedKeys: ReadonlyMap<number, string>): UpdateLogLine[] {
  const sentAt = new Map<string, number>();
  for (const line of lines) if (line.phase === "sending") sentAt.set(idOf(line), line.at_ms);
  const applied = lines.filter((line) => line.phase === "applied");
  const confirmed = new Set(applied.map(idOf));
  const landed = lines.filter((line) => line.phase === "sending" && !confirmed.has(idOf(line)) && storedKeys.get(line.fixture_id) === line.key);
  return [
    ...applied.map((line) => ({ ...line, sent_at_ms: sentAt.get(idOf(line)) ?? line.at_ms })),
    ...landed.map((line) => ({ ...line, phase: "applied" as const, sent_at_ms: line.at_ms })),
  ];
}

/** What the applied updates of every writer, read together, say about exactly-once application. */
export type UpdateAudit = {
  updates: number;
  /** Updates per writer. */
  byWriter: Record<string, number>;
  /** (fixture, key) pairs written more than once, with who wrote them. */
  duplicates: Array<{ fixture_id: number; key: string; writers: string[] }>;
  /** Updates that put an earlier match second over a later one of the same fixture (in order of writing). */
  backwards: Array<{ fixture_id: number; key: string; clock_unix: number; after_clock_unix: number }>;
  /** The last update of each fixture, in order of writing: what its stored state must carry. */
  last: Map<number, UpdateLogLine>;
};

/**
 * Audits the "applied" lines of `lines` in the order they were sent (pass `settleUpdates`'
 * result: it counts the in-doubt ones that landed and knows when each was sent; a writer frozen
 * with a write in flight logs "applied" only when it wakes, after its successor's writes).
 */
export function auditUpdateLog(lines: readonly UpdateLogLine[]): UpdateAudit {
  const orderOf = (line: UpdateLogLine) => line.sent_at_ms ?? line.at_ms;
  const ordered = lines.filter((line) => line.phase === "applied").sort((a, b) => orderOf(a) - orderOf(b));
  const byWriter: Record<string, number> = {};
  const writersOf = new Map<string, string[]>();
  const backwards: UpdateAudit["backwards"] = [];
  const last = new Map<number, UpdateLogLine>();
  for (const line of ordered) {
    byWriter[line.writer] = (byWriter[line.writer] ?? 0) + 1;
    const id = `${line.fixture_id}\u0000${line.key}`;
    writersOf.set(id, [...(writersOf.get(id) ?? []), line.writer]);
    const before = last.get(line.fixture_id);
    if (before && line.clock_unix <= before.clock_unix) {
      backwards.push({ fixture_id: line.fixture_id, key: line.key, clock_unix: line.clock_unix, after_clock_unix: before.clock_unix });
    }
    last.set(line.fixture_id, line);
  }
  const duplicates = [...writersOf.entries()]
    .filter(([, writers]) => writers.length > 1)
    .map(([id, writers]) => {
      const [fixture, key] = id.split("\u0000") as [string, string];
      return { fixture_id: Number(fixture), key, writers };
    });
  return { updates: ordered.length, byWriter, duplicates, backwards, last };
}
