/**
 * bench:fair's last phase: a client that gives up. One all-history backtest, aborted by its
 * client after ABORT_AFTER_MS; then the node's search tasks on the indices under test are polled
 * until none is left: how long the node works on for a client that is gone.
 */
import type { Client } from "@elastic/elasticsearch";
import { setTimeout as sleep } from "node:timers/promises";
import { backtestPath } from "../../lib/backtest-rules.js";
import { searchTasksOn } from "./node-stats.js";

const ABORT_AFTER_MS = 100;
/** A request index far past the hammering keys' (a few hundred each): a rule and a day they did not ask together. */
const UNASKED = 50_000;
const POLL_MS = 100;
/** Past this the tasks are reported as still running, not waited for. */
const GIVE_UP_MS = 60_000;

export type DisconnectFigures =
  /** The backtest answered before the client would have left: nothing to measure. */
  | { finished: true; status: number; ms: number }
  | { finished: false; tasksAtAbort: number; drainedMs: number | null; polls: number };

export async function measureDisconnect(es: Client, prefix: string, target: { baseUrl: string; key: string; scopes: (i: number) => string }): Promise<DisconnectFigures> {
  const { baseUrl, key } = target;
  // Not asked before, so no cache answers it at once.
  const path = backtestPath(UNASKED, target.scopes(UNASKED));
  const client = new AbortController();
  const started = performance.now();
  // Null once aborted, whether the headers had come or not (the body's read is aborted too).
  const request = fetch(baseUrl + path, { headers: { "x-api-key": key }, signal: client.signal })
    .then(async (response) => ({ status: response.status, body: await response.arrayBuffer() }))
    .catch(() => null);
  const done = await Promise.race([request, sleep(ABORT_AFTER_MS).then(() => "waiting" as const)]);
  if (done !== "waiting" && done !== null) return { finished: true, status: done.status, ms: performance.now() - started };
  client.abort();
  const abortedAt = performance.now();
  await request;
  const tasksAtAbort = await searchTasksOn(es, prefix);
  let polls = 1;
  for (let tasks = tasksAtAbort; tasks > 0; polls++) {
    if (performance.now() - abortedAt > GIVE_UP_MS) return { finished: false, tasksAtAbort, drainedMs: null, polls };
    await sleep(POLL_MS);
    tasks = await searchTasksOn(es, prefix);
  }
  return { finished: false, tasksAtAbort, drainedMs: performance.now() - abortedAt, polls };
}
