/**
 * The hammering keys of bench:fair: a greedy but well-behaved client, each key a closed loop
 * (scripts/lib/load-driver.ts) of all-history backtests, every one another rule
 * (scripts/lib/backtest-rules.ts), that waits as long as a 429 or 503 says in Retry-After before
 * its next request. Its requests go to `baseUrls` in turn: one URL, or the three instances
 * directly, so that only a budget shared through Redis holds it to one key's budget (through
 * HAProxy a key sticks to one instance and a per-instance budget would pass unnoticed).
 */
import type { Client } from "@elastic/elasticsearch";
import { setTimeout as sleep } from "node:timers/promises";
import { backtestPath } from "../../lib/backtest-rules.js";
import { ClosedLoop } from "../../lib/load-driver.js";
import { answerOf, exchange } from "./exchange.js";
import type { Recorder } from "./recorder.js";

/** Requests of one key at once: the lane's own limit per key (EXPENSIVE_PER_KEY, 2 by default). */
export const HAMMER_CONCURRENCY = 2;
const TIMEOUT_MS = 120_000;

/** Days before the first kick-off a scope may start: as many distinct scopes, all of them all history. */
const LEAD_DAYS = 3_650;

/**
 * All history for the i-th request: from a day before the catalogue's first kick-off to today.
 * The day moves back with i, so every request is another search and the node's request cache
 * (which would answer a repeated rule's aggregations) never serves one: each costs what a new
 * rule costs. The rules themselves repeat every few dozen requests.
 */
export async function allHistoryScopes(es: Client, index: string): Promise<(i: number) => string> {
  const response = await es.search<unknown, { first: { value: number | null } }>({ index, size: 0, aggs: { first: { min: { field: "date_time" } } } });
  const first = response.aggregations?.first.value;
  if (first === null || first === undefined) throw new Error(`${index} holds no fixture to backtest`);
  const today = new Date().toISOString().slice(0, 10);
  return (i) => `start_date=${new Date(first - (1 + (i % LEAD_DAYS)) * 86_400_000).toISOString().slice(0, 10)}&end_date=${today}`;
}

export class HammeringKey {
  private readonly loop: ClosedLoop;
  /** Ends the waits of Retry-After at stop, so a stop does not sit out a long debt. */
  private readonly stopping = new AbortController();
  private n = 0;

  constructor(key: string, baseUrls: readonly string[], scopes: (i: number) => string, recorder: Recorder, seed: number) {
    this.n = seed;
    this.loop = new ClosedLoop(async (agent) => {
      const i = this.n++;
      const sent = await exchange(agent, baseUrls[i % baseUrls.length]!, key, { group: "hammering", kind: "backtest, all history", path: backtestPath(i, scopes(i)) }, TIMEOUT_MS);
      recorder.add(sent);
      if ((sent.status === 429 || sent.status === 503) && sent.retryAfter !== null) {
        await sleep(sent.retryAfter * 1000, undefined, { signal: this.stopping.signal }).catch(() => {});
      }
      return answerOf(sent);
    });
    this.loop.start(HAMMER_CONCURRENCY);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.loop.stop();
  }
}
