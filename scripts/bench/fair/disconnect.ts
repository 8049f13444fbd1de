/**
 * bench:fair's last phase: a client that gives up. One all-history backtest, aborted by its
 * client after ABORT_AFTER_MS (another, up to ATTEMPTS, while none is caught searching); then the node's search tasks of that request (by its id) are polled
 * for WATCH_MS at least: how long the node works on for a client that is gone. A backtest
 * searches in rounds with gaps between them (the service reading one answer before it asks the
 * next), so a first empty poll is not the end: a round started after the client left would be
 * work for no one, and is told apart.
 */
import type { Client } from "@elastic/elasticsearch";
import { setTimeout as sleep } from "node:timers/promises";
import { backtestPath } from "../../lib/backtest-rules.js";
import { searchTasksOf } from "./node-stats.js";

const ABORT_AFTER_MS = 100;
const POLL_MS = 100;
/** Polled this long after the abort whatever is seen: longer than the gaps between a backtest's rounds. */
const WATCH_MS = 2_000;
/** Past this the tasks are reported as still running, not waited for. */
const GIVE_UP_MS = 60_000;
/** A backtest may be caught between two rounds of searches, or finish first: a few are tried. */
const ATTEMPTS = 3;
/** A request index far past the hammering keys' (a few hundred each): a rule and a day they did not ask together. */
const UNASKED = 50_000;

export type DisconnectFigures =
  /** The backtest answered before the client would have left: nothing to measure. */
  | { finished: true; status: number; ms: number }
  | {
      finished: false;
      /** Search tasks just before the client left (a backtest between two rounds has none). */
      tasksBefore: number;
      /** From the abort to the first poll with no task after the last that had one; null when some still ran at GIVE_UP_MS. */
      drainedMs: number | null;
      /** Whether a poll saw tasks again after one saw none: a round of searches started for a client already gone. */
      restarted: boolean;
      /** Whether any poll after the abort saw a task. */
      seenAfter: boolean;
      polls: number;
    };

type Target = { baseUrl: string; key: string; scopes: (i: number) => string };

/** Backtests abandoned one after the other until one is caught searching (at most ATTEMPTS); the last one's figures and how many were sent. */
export async function measureDisconnect(es: Client, target: Target): Promise<DisconnectFigures & { attempts: number }> {
  for (let attempt = 1; ; attempt++) {
    const figures = await abandonOne(es, target, UNASKED + attempt);
    const caught = !figures.finished && (figures.tasksBefore > 0 || figures.seenAfter);
    if (caught || attempt === ATTEMPTS) return { ...figures, attempts: attempt };
  }
}

async function abandonOne(es: Client, target: Target, i: number): Promise<DisconnectFigures> {
  const { baseUrl, key } = target;
  // Not asked before, so no cache answers it at once.
  const path = backtestPath(i, target.scopes(i));
  const client = new AbortController();
  const started = performance.now();
  // Null once aborted, whether the headers had come or not (the body's read is aborted too).
  // The request's id reaches the node as X-Opaque-Id on every search it makes: its tasks are told apart by it.
  const requestId = `bench-fair-disconnect-${i}-${Date.now()}`;
  const request = fetch(baseUrl + path, { headers: { "x-api-key": key, "x-request-id": requestId }, signal: client.signal })
    .then(async (response) => ({ status: response.status, body: await response.arrayBuffer() }))
    .catch(() => null);
  const done = await Promise.race([request, sleep(ABORT_AFTER_MS).then(() => "waiting" as const)]);
  if (done !== "waiting" && done !== null) return { finished: true, status: done.status, ms: performance.now() - started };
  const tasksBefore = await searchTasksOf(es, requestId);
  client.abort();
  const abortedAt = performance.now();
  await request;
  let clearSince: number | null = null;
  let seenAfter = false;
  let restarted = false;
  for (let polls = 1; ; polls++) {
    const tasks = await searchTasksOf(es, requestId);
    const at = performance.now() - abortedAt;
    if (tasks > 0) {
      // An earlier poll after the abort saw none: these searches began for a client already gone.
      restarted ||= clearSince !== null;
      seenAfter = true;
      clearSince = null;
    } else {
      clearSince ??= at;
    }
    if (clearSince !== null && at >= WATCH_MS) return { finished: false, tasksBefore, drainedMs: clearSince, restarted, seenAfter, polls };
    if (at >= GIVE_UP_MS) return { finished: false, tasksBefore, drainedMs: null, restarted, seenAfter, polls };
    await sleep(POLL_MS);
  }
}
