/**
 * A closed-loop load: `concurrency` clients, each sending its next request as soon as the
 * previous one answered. Unlike the open loop (mixed-load.ts) it never queues more than the
 * service can take, so the rate it reaches at a given concurrency is what the machine
 * delivers, with the latency it takes: the ground for measuring capacity.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { percentile } from "../bench/bench-service.js";
import { loadAgent, sendLoadRequest } from "./answer.js";
import type { LoadRequest } from "./mixed-load.js";

export type WindowStats = { answered: number; shed: number; failed: number; p50: number; p99: number; reasons: Map<string, number> };

export class ClosedLoop {
  private readonly agent = loadAgent();
  private latencies: number[] = [];
  private shed = 0;
  private reasons = new Map<string, number>();
  private stopped = false;
  private clients: Promise<void>[] = [];

  constructor(
    private readonly options: { baseUrl: string; key: string; next: () => LoadRequest; timeoutMs?: number },
  ) {}

  start(concurrency: number): void {
    this.clients = Array.from({ length: concurrency }, () => this.client());
  }

  /** Forgets what was counted so far (the warm-up): the window starts now. */
  reset(): void {
    this.latencies = [];
    this.shed = 0;
    this.reasons = new Map();
  }

  /** What answered since the last reset. */
  stats(): WindowStats {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const failed = [...this.reasons.values()].reduce((total, n) => total + n, 0);
    return { answered: sorted.length, shed: this.shed, failed, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), reasons: new Map(this.reasons) };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.clients);
    this.agent.destroy();
  }

  private async client(): Promise<void> {
    while (!this.stopped) {
      const t0 = performance.now();
      const answer = await sendLoadRequest(this.agent, this.options.baseUrl, this.options.key, this.options.next(), {
        timeoutMs: this.options.timeoutMs ?? 10_000,
      });
      if (answer.outcome === "shed") {
        this.shed++;
        // A client told to come back later does, briefly, instead of spinning on refusals.
        await sleep(50);
        continue;
      }
      this.latencies.push(performance.now() - t0);
      if (answer.outcome === "failed") this.reasons.set(answer.reason, (this.reasons.get(answer.reason) ?? 0) + 1);
    }
  }
}

/** Runs `loop` for `warmupMs`, then measures `windowMs`; `measure` brackets the window (CPU). */
export async function measureWindow<T>(loop: ClosedLoop, warmupMs: number, windowMs: number, measure: () => { end: () => T }): Promise<{ stats: WindowStats; use: T }> {
  await sleep(warmupMs);
  const meter = measure();
  loop.reset();
  await sleep(windowMs);
  const stats = loop.stats();
  const use = meter.end();
  return { stats, use };
}
