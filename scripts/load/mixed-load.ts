/**
 * An open-loop load generator: requests leave at a fixed rate whether or not earlier ones
 * have answered (a closed loop would slow down with the service and hide an outage), each
 * one timed and counted under the phase that was current when it left.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { percentile } from "../bench/bench-service.js";
import { loadAgent, sendLoadRequest } from "./answer.js";

export type LoadRequest = {
  kind: string;
  path: string;
  /** Fixture ids the response must hold, all of them: set where only a complete index answers so. */
  expectIds?: readonly number[];
};

/** A reason when a 200 response is still wrong (e.g. from an incomplete index), else null. */
export type ResponseCheck = (request: LoadRequest, body: string) => string | null;

export interface MixedLoadOptions {
  baseUrl: string;
  key: string;
  /** Requests per second. */
  rate: number;
  /** The next request to send; called once per request. */
  next: () => LoadRequest;
  check?: ResponseCheck;
  /** A request that has not answered by then is a failure ("timeout"). */
  timeoutMs?: number;
  /** Above this many unanswered requests, new ones are counted as failed instead of sent. */
  maxInFlight?: number;
}

export interface PhaseSummary {
  phase: string;
  sent: number;
  /** Answered 503 with Retry-After: turned away on purpose, not a failure. */
  shed: number;
  failed: number;
  /** Answered 200 and right. */
  ok: number;
  p50: number;
  p99: number;
  max: number;
  /** Failure reasons with their counts, most frequent first. */
  reasons: Array<[string, number]>;
}

class PhaseStats {
  sent = 0;
  shed = 0;
  ok = 0;
  readonly latencies: number[] = [];
  readonly reasons = new Map<string, number>();

  fail(reason: string): void {
    this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
  }

  summary(phase: string): PhaseSummary {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const failed = [...this.reasons.values()].reduce((sum, count) => sum + count, 0);
    const reasons = [...this.reasons].sort((a, b) => b[1] - a[1]);
    return { phase, sent: this.sent, shed: this.shed, failed, ok: this.ok, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN, reasons };
  }
}


export class MixedLoad {
  /** Requests are counted under the phase current when they leave; set it as the scenario moves on. */
  phase = "steady";
  private readonly phases = new Map<string, PhaseStats>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  private loop: Promise<void> | null = null;
  private readonly agent = loadAgent();

  constructor(private readonly options: MixedLoadOptions) {}

  /** Starts sending; `stop()` ends it. */
  start(): void {
    this.loop ??= this.run();
  }

  /** Stops sending and waits for the requests still in flight. */
  async stop(): Promise<PhaseSummary[]> {
    this.stopped = true;
    await this.loop;
    await Promise.all(this.inFlight);
    this.agent.destroy();
    return [...this.phases].map(([phase, stats]) => stats.summary(phase));
  }

  /** Every phase together. */
  static total(phases: readonly PhaseSummary[]): { sent: number; shed: number; failed: number; ok: number } {
    return phases.reduce(
      (sum, p) => ({ sent: sum.sent + p.sent, shed: sum.shed + p.shed, failed: sum.failed + p.failed, ok: sum.ok + p.ok }),
      { sent: 0, shed: 0, failed: 0, ok: 0 },
    );
  }

  private stats(): PhaseStats {
    let stats = this.phases.get(this.phase);
    if (!stats) this.phases.set(this.phase, (stats = new PhaseStats()));
    return stats;
  }

  private async run(): Promise<void> {
    const interval = 1000 / this.options.rate;
    const started = performance.now();
    for (let i = 0; !this.stopped; i++) {
      // Paced against the start, not the previous request: a slow tick does not lower the rate.
      const wait = started + i * interval - performance.now();
      if (wait > 0) await sleep(wait);
      if (this.stopped) break;
      const stats = this.stats();
      stats.sent++;
      if (this.inFlight.size >= (this.options.maxInFlight ?? 500)) {
        stats.fail(`not sent: ${this.inFlight.size} requests unanswered`);
        continue;
      }
      const request = this.options.next();
      const pending = this.send(request, stats).finally(() => this.inFlight.delete(pending));
      this.inFlight.add(pending);
    }
  }

  /** Latencies count every answer but a shed one (a quick refusal would flatter p99), timeouts included. */
  private async send(request: LoadRequest, stats: PhaseStats): Promise<void> {
    const t0 = performance.now();
    const answer = await sendLoadRequest(this.agent, this.options.baseUrl, this.options.key, request, {
      timeoutMs: this.options.timeoutMs ?? 30_000,
      check: this.options.check,
    });
    if (answer.outcome === "shed") {
      stats.shed++;
      return;
    }
    stats.latencies.push(performance.now() - t0);
    if (answer.outcome === "ok") stats.ok++;
    else stats.fail(answer.reason);
  }
}
