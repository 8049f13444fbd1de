import type { Client } from "@elastic/elasticsearch";
import { setTimeout as sleep } from "node:timers/promises";
import { LiveSimulator } from "../../../src/live/simulator.js";
import type { IndexNames } from "../../../src/store/index-names.js";
import { countsBetween, esCounts } from "./es-counters.js";
import type { LoadLink } from "./load-link.js";
import { cpuMsOf, ProcessMeter } from "../../lib/cpu.js";
import type { ConvergeReply, OpenReply, PollReply, StreamClientSpec, StreamsReply } from "./protocol.js";
import { rewriteFixtures } from "./burst.js";
import { playCopy, type RealData } from "./real-data.js";
import type { EsLoad, OpeningCpu, Usage } from "./report.js";
import type { ServiceInstance, Services } from "./services.js";

/** The simulator's speed the issue asks for: a match in about a minute and a half. */
export const SIMULATOR_SPEED = 60;
/** After the simulator stops: a few feed polls and an index refresh, before clients are compared with the truth. */
const FEED_WAIT_MS = 3_000;
/** Comparing goes on this long at most: a moved window edge shows only after the streams' full evaluation (30 s). */
const CONVERGE_DEADLINE_MS = 35_000;

export type PhaseContext = {
  es: Client;
  names: IndexNames;
  data: RealData;
  services: Services;
  load: LoadLink;
  key: string;
  esPid: number | null;
  durationMs: number;
  log: (line: string) => void;
};

export type Measured = { usage: Usage[]; es: EsLoad; seconds: number };
/** `clients`: how many streams the phase asked for (opened, refused, or neither in time). */
export type StreamPhase = Measured & {
  clients: number;
  open: OpenReply;
  /** CPU each side used while the streams opened (the snapshots' burst), in ms; null where unreadable. */
  openingCpu: OpeningCpu;
  streams: StreamsReply;
  truth: ConvergeReply | null;
  burst: { written: number; seconds: number } | null;
};

/** CPU ms each group of processes used since `before` was read (null where unreadable then or now). */
function cpuSince(groups: ReadonlyArray<ReadonlyArray<number | null>>, before: ReadonlyArray<number | null>): Array<number | null> {
  return groups.map((pids, i) => {
    const at = before[i] ?? null;
    const now = cpuMsOf(pids);
    return at === null || now === null ? null : now - at;
  });
}

/** How long the end of a phase waits for the simulator's last writes: a node that stopped answering must not hold the run. */
const SIMULATOR_STOP_MS = 15_000;

/** After a burst, every client must equal the polled endpoint within this (issue 26). */
const BURST_CONVERGE_MS = 10_000;
export type PollPhase = Measured & { poll: PollReply };

/**
 * One phase: a fresh copy of the data at the rebuild's `now`, fresh service instances, the
 * clients (or pollers), then the simulator at speed 60 for the phase's duration. What is
 * measured (CPU, Elasticsearch counts, events) starts once every client holds its snapshot.
 */
export class Phases {
  private count = 0;
  /**
   * Stops the running phase's simulator, whatever step failed, and waits for its last writes:
   * one still in flight when the alias goes back to the write-blocked pristine copy fails there.
   */
  private stopSimulator: (() => Promise<void>) | null = null;

  constructor(private readonly ctx: PhaseContext) {}

  /** `clients` is asked after `before` (which may make the queries, once the data and a service are up). */
  async streams(
    label: string,
    clients: () => StreamClientSpec[],
    instances: number,
    options: { truth: boolean; burst?: number; before?: (service: ServiceInstance) => Promise<void> },
  ): Promise<StreamPhase> {
    return this.run(label, instances, async (services, working) => {
      const { load, log } = this.ctx;
      if (options.before) await options.before(services[0]!);
      const specs = clients();
      log(`  opening ${specs.length} streams over ${new Set(specs.map((c) => c.streamPath)).size} queries...`);
      // Started before the streams open, so the peak RSS includes the snapshots' burst (CPU is measured from `measure` on).
      const meters = this.meters(services);
      // The burst of snapshots shares the machine with the load process that receives them: each side's CPU is printed.
      const sides = [services.map((s) => s.pid), [this.ctx.esPid], [load.pid]];
      const before = sides.map(cpuMsOf);
      const open = await load.ask({ type: "open", key: this.ctx.key, clients: specs, instances: services.map((s) => s.url) });
      const [serviceMs = null, nodeMs = null, loadMs = null] = cpuSince(sides, before);
      const openingCpu: OpeningCpu = { serviceMs, nodeMs, loadMs };
      const measured = await this.measure(services, working, async () => {
        await load.ask({ type: "measure" });
        await sleep(this.ctx.durationMs);
        return load.ask({ type: "report" });
      }, meters);
      let truth: ConvergeReply | null = null;
      let burst: { written: number; seconds: number } | null = null;
      if (options.burst) {
        await measured.simulator.stop();
        burst = await rewriteFixtures(this.ctx.es, working, options.burst, log);
        log(`  burst written in ${burst.seconds.toFixed(1)} s; comparing every client with its polled endpoint...`);
        truth = await load.ask({ type: "converge", deadlineMs: BURST_CONVERGE_MS });
      } else if (options.truth) {
        await measured.simulator.stop();
        log(`  simulator stopped; comparing every client with its polled endpoint...`);
        await sleep(FEED_WAIT_MS);
        truth = await load.ask({ type: "converge", deadlineMs: CONVERGE_DEADLINE_MS });
      } else {
        await load.ask({ type: "close" });
      }
      return { clients: specs.length, open, openingCpu, streams: measured.result, truth, burst, usage: measured.usage, es: measured.es, seconds: measured.seconds };
    });
  }

  async polling(label: string, urls: readonly string[]): Promise<PollPhase> {
    return this.run(label, 1, async (services, working) => {
      const pollUrls = urls.map((path) => `${services[0]!.url}${path}`);
      const measured = await this.measure(services, working, () =>
        this.ctx.load.ask({ type: "poll", key: this.ctx.key, urls: pollUrls, durationMs: this.ctx.durationMs }),
      );
      return { poll: measured.result, usage: measured.usage, es: measured.es, seconds: measured.seconds };
    });
  }

  private async run<T>(label: string, instances: number, body: (services: ServiceInstance[], working: string) => Promise<T>): Promise<T> {
    this.count += 1;
    const { es, names, data, services, log } = this.ctx;
    log(`\nPhase ${this.count}: ${label}`);
    const working = await playCopy(es, names, data, this.count);
    this.ctx.load.fresh();
    const started = await services.start(instances, `phase${this.count}`);
    try {
      return await body(started, working);
    } finally {
      if (this.stopSimulator) {
        const stopped = this.stopSimulator().then(
          () => true,
          (error: unknown) => (this.ctx.log(`  simulator: ${(error as Error).message}`), true),
        );
        if (!(await Promise.race([stopped, sleep(SIMULATOR_STOP_MS, false, { ref: false })]))) {
          this.ctx.log(`  simulator: still writing after ${SIMULATOR_STOP_MS / 1000} s; going on`);
        }
      }
      this.stopSimulator = null;
      services.stop(started);
    }
  }

  /** Starts the simulator and the meters, runs `during`, and reads the meters and counters around it. */
  private meters(services: ServiceInstance[]): ProcessMeter[] {
    return [...services.map((s) => new ProcessMeter(s.pid)), new ProcessMeter(this.ctx.esPid)];
  }

  private async measure<T>(services: ServiceInstance[], working: string, during: () => Promise<T>, meters = this.meters(services)) {
    const { es, esPid } = this.ctx;
    const simulator = this.startSimulator();
    const urls = services.map((s) => s.url);
    const before = await esCounts(es, urls, working);
    for (const meter of meters) meter.measureCpu();
    const started = Date.now();
    const result = await during();
    const seconds = (Date.now() - started) / 1000;
    const after = await esCounts(es, urls, working);
    const usage: Usage[] = meters.map((meter, i) => {
      const { cpuMsPerSecond, maxRssMiB } = meter.stop();
      const isNode = i === services.length;
      const label = isNode ? `Elasticsearch node (pid ${esPid ?? "?"}; shared)` : `service${services.length > 1 ? ` ${i + 1}` : ""} (pid ${services[i]!.pid})`;
      return { label, cpuMsPerSecond, maxRssMiB };
    });
    const delta = countsBetween(before, after);
    const load: EsLoad = {
      requestsPerSecond: delta.total / seconds,
      byOperation: new Map([...delta.requests].map(([operation, count]) => [operation, count / seconds])),
      searchesPerSecond: delta.searches / seconds,
      rounds: delta.rounds,
    };
    return { result, usage, es: load, seconds, simulator };
  }

  private startSimulator(): { stop: () => Promise<void> } {
    const { es, names, data, log } = this.ctx;
    const abort = new AbortController();
    const simulator = new LiveSimulator(es, names, { speed: SIMULATOR_SPEED, startAt: data.playedFrom, log: (line) => void (line.includes("failed") && log(`  simulator: ${line}`)) });
    const running = simulator.run({ signal: abort.signal });
    const stop = async () => {
      abort.abort();
      await running;
    };
    this.stopSimulator = stop;
    return { stop };
  }
}
