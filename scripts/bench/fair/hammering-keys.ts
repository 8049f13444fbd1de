/**
 * The hammering keys of bench:fair: a greedy but well-behaved client, each key a closed loop
 * (scripts/lib/load-driver.ts) of all-history backtests (pre-match, or in-play with `--hammer in-play`), every one another rule
 * (scripts/lib/backtest-rules.ts), that waits as long as a 429 or 503 says in Retry-After before
 * its next request. Its requests go to `baseUrls` in turn: one URL, or the three instances
 * directly, so that only a budget shared through Redis holds it to one key's budget (through
 * HAProxy a key sticks to one instance and a per-instance budget would pass unnoticed).
 */
import type { Client } from "@elastic/elasticsearch";
import { setTimeout as sleep } from "node:timers/promises";
import { backtestPath, inPlayBacktestPath } from "../../lib/backtest-rules.js";
import { ClosedLoop } from "../../lib/load-driver.js";
import { answerOf, exchange } from "./exchange.js";
import type { Recorder } from "./recorder.js";

/** Requests of one key at once: the lane's own limit per key (EXPENSIVE_PER_KEY, 2 by default). */
const HAMMER_CONCURRENCY = 2;
const TIMEOUT_MS = 120_000;

const DAY_MS = 86_400_000;
/** Fewer distinct days than this left in a band of days: the next band is taken. */
const MIN_ROOM_DAYS = 100;

/**
 * All history for the i-th request: from a day before the catalogue's first kick-off to today.
 * The day moves back with i, so requests are other searches and the node's request cache (which
 * would answer a repeated rule's aggregations; the rules repeat within about a hundred requests)
 * serves none. Every range stays within one power-of-two band of days, the scope by which the
 * service estimates a backtest's cost before it runs (src/rate-limit/request-class.ts): to the
 * service these are one kind of request, as one client's all-history rules are.
 */
export async function allHistoryScopes(es: Client, index: string): Promise<(i: number) => string> {
  const response = await es.search<unknown, { first: { value: number | null } }>({ index, size: 0, aggs: { first: { min: { field: "date_time" } } } });
  const first = response.aggregations?.first.value;
  if (first === null || first === undefined) throw new Error(`${index} holds no fixture to backtest`);
  const today = new Date().toISOString().slice(0, 10);
  const firstDay = Math.floor(first / DAY_MS) * DAY_MS;
  const days = (Date.parse(today) - firstDay) / DAY_MS + 1;
  // A range of days + lead days; the band is (band / 2, band].
  let band = 2 ** Math.ceil(Math.log2(days + 1));
  let lowest = 1;
  if (band - days < MIN_ROOM_DAYS) {
    lowest = band - days + 1;
    band *= 2;
  }
  const leads = band - days - lowest + 1;
  return (i) => `start_date=${new Date(firstDay - (lowest + (i % leads)) * DAY_MS).toISOString().slice(0, 10)}&end_date=${today}`;
}

/** Which backtest the hammering keys send (`--hammer`): the pre-match one, or the in-play one, the dearest request. */
export type Hammer = "pre-match" | "in-play";
export const HAMMERS: readonly Hammer[] = ["pre-match", "in-play"];

const HAMMER_REQUESTS: Record<Hammer, { kind: string; path: (i: number, scope: string) => string }> = {
  "pre-match": { kind: "backtest, all history", path: backtestPath },
  "in-play": { kind: "in-play backtest, all history", path: inPlayBacktestPath },
};

export class HammeringKey {
  private readonly loop: ClosedLoop;
  /** Ends the waits of Retry-After at stop, so a stop does not sit out a long debt. */
  private readonly stopping = new AbortController();
  private n = 0;

  constructor(key: string, baseUrls: readonly string[], scopes: (i: number) => string, recorder: Recorder, seed: number, hammer: Hammer = "pre-match") {
    this.n = seed;
    const { kind, path } = HAMMER_REQUESTS[hammer];
    this.loop = new ClosedLoop(async (agent) => {
      const i = this.n++;
      const sent = await exchange(agent, baseUrls[i % baseUrls.length]!, key, { group: "hammering", kind, path: path(i, scopes(i)) }, TIMEOUT_MS);
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
