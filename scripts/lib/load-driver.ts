/**
 * The one load driver of scripts/: an open loop (requests leave at a fixed rate whether or
 * not earlier ones answered: a closed loop would slow down with the service and hide an
 * outage) and a closed loop (`concurrency` clients, each sending its next request when the
 * last one answered: it never queues more than the service takes, so its rate is what the
 * machine delivers, the ground for capacity and for latency side by side).
 *
 * Our own, on a keep-alive `node:http` agent, rather than autocannon or fetch: the generator
 * shares two cores with what it measures, fetch costs it several times the CPU of node:http,
 * and one driver has to judge answers (shed, failed, checked) for the load scripts as well
 * as time them for the benches, which autocannon does not; so every bench and load script
 * sends the same way and the figures of one are comparable with another's.
 */
import { Agent } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { percentile } from "./percentile.js";

/**
 * "shed": a 503 with `Retry-After`, the service turning work away on purpose to stay up;
 * counted apart from failures (timeouts, errors, wrong answers), which a run must not have.
 */
export type Answer = { outcome: "ok" } | { outcome: "shed" } | { outcome: "failed"; reason: string };

/** One request, sent on `agent` (or on a connection of its own making) and judged once wholly answered. */
export type Attempt = (agent: Agent) => Promise<Answer>;

/**
 * An idle connection is closed after 4 s, before the other side closes it: HAProxy's keep-alive
 * timeout (`timeout http-keep-alive 10s`) and the service's (65 s, src/server.ts). A client that
 * keeps idle connections longer than its server races the server's close: a request written as
 * the server's FIN arrives is reset (ECONNRESET), and a busy generator, its event loop late by
 * hundreds of milliseconds, widens that window (bench:cluster's chaos saw 60 such resets of
 * 17,000 requests through the proxy, none logged by HAProxy). Only free sockets are closed: the
 * agent's timeout ends a socket in its free list, never a request in flight.
 */
export const IDLE_CONNECTION_MS = 4_000;

export function keepAliveAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: Infinity, timeout: IDLE_CONNECTION_MS });
}

/** Sends one attempt and times it, in ms at full precision. */
export async function timed(attempt: Attempt, agent: Agent): Promise<{ answer: Answer; ms: number }> {
  const t0 = performance.now();
  const answer = await attempt(agent);
  return { answer, ms: performance.now() - t0 };
}

/** What a loop counted: latencies of every answer but a shed one (a quick refusal would flatter p99), timeouts included. */
class Tally {
  sent = 0;
  shed = 0;
  ok = 0;
  readonly latencies: number[] = [];
  readonly reasons = new Map<string, number>();

  fail(reason: string): void {
    this.reasons.set(reason, (this.reasons.get(reason) ?? 0) + 1);
  }

  add({ answer, ms }: { answer: Answer; ms: number }): void {
    if (answer.outcome === "shed") {
      this.shed++;
      return;
    }
    this.latencies.push(ms);
    if (answer.outcome === "ok") this.ok++;
    else this.fail(answer.reason);
  }

  failed(): number {
    return [...this.reasons.values()].reduce((sum, count) => sum + count, 0);
  }
}

export type WindowStats = { answered: number; shed: number; failed: number; p50: number; p99: number; reasons: Map<string, number> };

export class ClosedLoop {
  private readonly agent: Agent;
  private tally = new Tally();
  private stopped = false;
  private clients: Promise<void>[] = [];

  /** `agent`: a caller's agent, kept open at stop; else one of the loop's own. */
  constructor(
    private readonly attempt: Attempt,
    private readonly options: { agent?: Agent } = {},
  ) {
    this.agent = options.agent ?? keepAliveAgent();
  }

  start(concurrency: number): void {
    this.clients = Array.from({ length: concurrency }, () => this.client());
  }

  /** Forgets what was counted so far (the warm-up): the window starts now. */
  reset(): void {
    this.tally = new Tally();
  }

  /** What answered since the last reset. */
  stats(): WindowStats {
    const sorted = [...this.tally.latencies].sort((a, b) => a - b);
    return { answered: sorted.length, shed: this.tally.shed, failed: this.tally.failed(), p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), reasons: new Map(this.tally.reasons) };
  }

  /** The latencies since the last reset, in the order they answered. */
  latencies(): readonly number[] {
    return this.tally.latencies;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.clients);
    if (!this.options.agent) this.agent.destroy();
  }

  private async client(): Promise<void> {
    while (!this.stopped) {
      const result = await timed(this.attempt, this.agent);
      this.tally.add(result);
      // A client told to come back later does, briefly, instead of spinning on refusals.
      if (result.answer.outcome === "shed") await sleep(50);
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

/**
 * A closed loop of `concurrency` for `seconds`, for a side-by-side latency bench: adds every
 * latency to `into` and returns the requests per second; anything failed or shed throws
 * (`label` says where), as a ratio of latencies means nothing then.
 */
export async function closedLoopFor(attempt: Attempt, concurrency: number, seconds: number, into: number[], label: string, agent?: Agent): Promise<number> {
  const loop = new ClosedLoop(attempt, agent ? { agent } : {});
  loop.start(concurrency);
  await sleep(seconds * 1000);
  const stats = loop.stats();
  into.push(...loop.latencies());
  await loop.stop();
  if (stats.failed > 0 || stats.shed > 0) {
    const [reason] = [...stats.reasons.keys()];
    throw new Error(`${label}: ${stats.failed} failed, ${stats.shed} shed${reason ? ` (${reason})` : ""}`);
  }
  return stats.answered / seconds;
}

/** A 200 is ok, anything else failed with its status and the start of its body. */
export function okWhen200(reply: { status: number; body: Buffer }): Answer {
  return reply.status === 200 ? { outcome: "ok" } : { outcome: "failed", reason: `HTTP ${reply.status} ${reply.body.toString().slice(0, 200)}` };
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

function summary(phase: string, tally: Tally): PhaseSummary {
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const reasons = [...tally.reasons].sort((a, b) => b[1] - a[1]);
  return { phase, sent: tally.sent, shed: tally.shed, failed: tally.failed(), ok: tally.ok, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN, reasons };
}

export type OpenLoopOptions = {
  /** Requests per second. */
  rate: number;
  attempt: Attempt;
  /** Above this many unanswered requests, new ones are counted as failed instead of sent. */
  maxInFlight?: number;
};

/** The open loop; each request is timed and counted under the phase that was current when it left. */
export class OpenLoop {
  /** Requests are counted under the phase current when they leave; set it as the scenario moves on. */
  phase = "steady";
  private readonly phases = new Map<string, Tally>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = false;
  private loop: Promise<void> | null = null;
  private readonly agent = keepAliveAgent();

  constructor(private readonly options: OpenLoopOptions) {}

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
    return [...this.phases].map(([phase, tally]) => summary(phase, tally));
  }

  /** Every phase together. */
  static total(phases: readonly PhaseSummary[]): { sent: number; shed: number; failed: number; ok: number } {
    return phases.reduce(
      (sum, p) => ({ sent: sum.sent + p.sent, shed: sum.shed + p.shed, failed: sum.failed + p.failed, ok: sum.ok + p.ok }),
      { sent: 0, shed: 0, failed: 0, ok: 0 },
    );
  }

  private tally(): Tally {
    let tally = this.phases.get(this.phase);
    if (!tally) this.phases.set(this.phase, (tally = new Tally()));
    return tally;
  }

  private async run(): Promise<void> {
    const interval = 1000 / this.options.rate;
    const started = performance.now();
    for (let i = 0; !this.stopped; i++) {
      // Paced against the start, not the previous request: a slow tick does not lower the rate.
      const wait = started + i * interval - performance.now();
      if (wait > 0) await sleep(wait);
      if (this.stopped) break;
      const tally = this.tally();
      tally.sent++;
      if (this.inFlight.size >= (this.options.maxInFlight ?? 500)) {
        tally.fail(`not sent: ${this.inFlight.size} requests unanswered`);
        continue;
      }
      const pending = timed(this.options.attempt, this.agent)
        .then((result) => tally.add(result))
        .finally(() => this.inFlight.delete(pending));
      this.inFlight.add(pending);
    }
  }
}
