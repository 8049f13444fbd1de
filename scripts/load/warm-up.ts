/**
 * A closed loop of a few clients, not judged: freshly started nodes compile their hot paths,
 * and a freshly loaded cluster finishes its merges and recoveries, before anything is measured
 * (npm run chaos, bench:cluster). Few clients: it cannot overload what it has not measured.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { ClosedLoop } from "../lib/load-driver.js";
import { loadAttempt, type LoadRequest } from "./answer.js";

const WARMUP_CLIENTS = 4;

export async function closedWarmup(baseUrl: string, key: string, next: () => LoadRequest, ms: number, log: (line: string) => void): Promise<void> {
  log(`Warm-up: a closed loop of ${WARMUP_CLIENTS} clients for ${ms / 1000} s (not judged).`);
  const loop = new ClosedLoop(loadAttempt({ baseUrl, key, next, timeoutMs: 10_000 }));
  loop.start(WARMUP_CLIENTS);
  await sleep(ms);
  const stats = loop.stats();
  await loop.stop();
  log(`  warm-up: ${stats.answered} answered, ${stats.shed} shed, ${stats.failed} failed, p50 ${stats.p50.toFixed(1)} ms, p99 ${stats.p99.toFixed(1)} ms.`);
}
