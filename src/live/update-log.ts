/**
 * The simulator's own log of the updates it applied (`--updates-log FILE`): one JSON line per
 * written update, appended synchronously as soon as the write is acknowledged, so the lines of
 * a writer killed with SIGKILL are on disk up to its last acknowledged write (what remains is
 * the instant between the acknowledgement and the append). Several writers (one at a time) may
 * share a file or have one each; the fail-over test reads them together and counts every
 * (fixture, key) once.
 */
import { appendFileSync } from "node:fs";
import type { AppliedUpdate } from "./simulator.js";

/** One line of the log. */
export type UpdateLogLine = {
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
  /** Wall time the write was acknowledged (epoch ms). */
  written_at_ms: number;
};

export function updateLogLine(update: AppliedUpdate, writer: string, now = Date.now()): UpdateLogLine {
  return {
    fixture_id: update.fixtureId,
    key: update.key,
    clock_unix: update.clockUnix,
    status: update.status,
    minute: update.minute,
    writer,
    pid: process.pid,
    written_at_ms: now,
  };
}

/** A recorder that appends every applied update to `path`. */
export function appendUpdatesTo(path: string, writer: string): (update: AppliedUpdate) => void {
  return (update) => appendFileSync(path, `${JSON.stringify(updateLogLine(update, writer))}\n`);
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

/** What the lines of every writer's log, read together, say about exactly-once application. */
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

export function auditUpdateLog(lines: readonly UpdateLogLine[]): UpdateAudit {
  const ordered = [...lines].sort((a, b) => a.written_at_ms - b.written_at_ms);
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
