/**
 * The live feed's writers of bench:cluster: `npm run simulate` processes (one writes, the others
 * wait on the writer lease), each appending its updates to a log of its own (--updates-log), and
 * the audit of those logs against the store after a fail-over: no update applied twice, none lost.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { Client } from "@elastic/elasticsearch";
import { auditUpdateLog, parseUpdateLog, settleUpdates, type UpdateLogLine } from "../../../src/live/update-log.js";
import { PROJECT_ROOT } from "../../../src/paths.js";

export type Writer = { name: string; child: ChildProcess; updatesLog: string };

export type WriterOptions = { env: NodeJS.ProcessEnv; logDir: string; speed: number; startAt: Date };

/** Starts a simulator; it writes once it holds the lease. */
export async function startWriter(name: string, options: WriterOptions): Promise<Writer> {
  const updatesLog = join(options.logDir, `${name}.updates.jsonl`);
  const out = await open(join(options.logDir, `${name}.log`), "a");
  try {
    const args = ["--import", "tsx", "scripts/simulate.ts", "--speed", String(options.speed), "--tick", "1000", "--start-at", options.startAt.toISOString(), "--updates-log", updatesLog];
    const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, env: { ...process.env, ...options.env }, stdio: ["ignore", out.fd, out.fd] });
    return { name, child, updatesLog };
  } finally {
    await out.close();
  }
}

export function updatesOf(writer: Writer): UpdateLogLine[] {
  return existsSync(writer.updatesLog) ? parseUpdateLog(readFileSync(writer.updatesLog, "utf8")) : [];
}

/** The first update `writer` applied after `sinceMs`, waited for up to `timeoutMs`; null when none came. */
export async function firstAppliedAfter(writer: Writer, sinceMs: number, timeoutMs: number): Promise<UpdateLogLine | null> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const line = updatesOf(writer).find((update) => update.phase === "applied" && update.at_ms > sinceMs);
    if (line) return line;
    await sleep(100);
  }
  return null;
}

export async function stopWriter(writer: Writer, signal: "SIGTERM" | "SIGKILL"): Promise<void> {
  if (writer.child.exitCode !== null || writer.child.signalCode !== null) return;
  const exited = once(writer.child, "exit");
  writer.child.kill(signal);
  await exited;
}

/** The change key each fixture's stored state carries (`simulation.last_update`), for the fixtures named. */
export async function storedUpdateKeys(es: Client, fixturesAlias: string, ids: readonly number[]): Promise<Map<number, string>> {
  const keys = new Map<number, string>();
  if (ids.length === 0) return keys;
  await es.indices.refresh({ index: fixturesAlias });
  const response = await es.search<{ id: number; simulation?: { last_update?: { key: string } } }>({
    index: fixturesAlias,
    size: ids.length,
    query: { terms: { id: [...ids] } },
    _source: ["id", "simulation.last_update"],
  });
  for (const hit of response.hits.hits) {
    const key = hit._source?.simulation?.last_update?.key;
    if (hit._source && key) keys.set(hit._source.id, key);
  }
  return keys;
}

export type WriterAudit = { updates: number; byWriter: Record<string, number>; duplicated: number; backwards: number; lost: number; examples: string[] };

/**
 * The logs of a killed writer (its in-doubt updates decided by `storedAtKill`, the store read
 * right after the kill, before a successor could write) and of the writers after it (stopped
 * gracefully), read together: updates applied twice, written back over a later state, and lost
 * (a fixture whose stored update is not the last one the logs name).
 */
export async function auditWriters(es: Client, fixturesAlias: string, killed: { lines: UpdateLogLine[]; storedAtKill: Map<number, string> }, successors: readonly Writer[]): Promise<WriterAudit> {
  const lines = [...settleUpdates(killed.lines, killed.storedAtKill), ...successors.flatMap((writer) => settleUpdates(updatesOf(writer), new Map()))];
  const audit = auditUpdateLog(lines);
  const stored = await storedUpdateKeys(es, fixturesAlias, [...audit.last.keys()]);
  const lost = [...audit.last].filter(([id, line]) => stored.get(id) !== line.key);
  return {
    updates: audit.updates,
    byWriter: audit.byWriter,
    duplicated: audit.duplicates.length,
    backwards: audit.backwards.length,
    lost: lost.length,
    examples: [
      ...audit.duplicates.slice(0, 3).map((d) => `fixture ${d.fixture_id} update ${d.key} applied by ${d.writers.join(" and ")}`),
      ...lost.slice(0, 3).map(([id, line]) => `fixture ${id}: stored ${stored.get(id) ?? "nothing"}, last logged ${line.key}`),
    ],
  };
}
