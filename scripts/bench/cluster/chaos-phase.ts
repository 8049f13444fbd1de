/**
 * The chaos of issue 37 through the proxy, under the mixed load sent open-loop at a share of
 * the measured capacity: an Elasticsearch node killed (SIGKILL) and brought back to green, an
 * instance killed (SIGKILL) and brought back, and a rolling restart (SIGTERM, the drain, a
 * start, HAProxy seeing it up, the next). Each is a phase of the load, counted apart, with the
 * proxy's retries over it.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Client } from "@elastic/elasticsearch";
import { killPrimariesNodeAndRestart } from "../../chaos/cluster-nodes.js";
import { MixedLoad, type LoadRequest, type PhaseSummary } from "../../load/mixed-load.js";
import { readTcpCounters, tcpCounterDelta } from "../../lib/tcp-counters.js";
import type { ClusterTopology, Retries } from "./topology.js";

const GREEN_TIMEOUT_MS = 180_000;

export type ChaosOptions = {
  es: Client;
  prefix: string;
  fixturesAlias: string;
  esPort: number;
  nodes: number;
  topology: ClusterTopology;
  rate: number;
  key: string;
  next: () => LoadRequest;
  /** Seconds of plain load before and after the events, and while a victim is down. */
  quietSeconds: number;
  log: (line: string) => void;
};

export type ChaosOutcome = { phases: PhaseSummary[]; retries: Map<string, Retries>; greenSeconds: number };

export async function runChaos(options: ChaosOptions): Promise<ChaosOutcome> {
  const { topology, log } = options;
  const quiet = options.quietSeconds * 1000;
  const load = new MixedLoad({ baseUrl: topology.proxyUrl, key: options.key, rate: options.rate, next: options.next });
  const retries = new Map<string, Retries>();
  let mark = await topology.retries();
  let tcpMark = await readTcpCounters();
  /**
   * Moves the load to the next phase and keeps the proxy's retries of the one that ended; logs
   * how the kernel saw connections end over it (a reset the client met is not in HAProxy's log).
   */
  const phase = async (name: string) => {
    const now = await topology.retries();
    retries.set(load.phase, { retried: now.retried - mark.retried, redispatched: now.redispatched - mark.redispatched });
    mark = now;
    const tcpNow = await readTcpCounters();
    log(`    TCP over "${load.phase}" (machine-wide): ${tcpCounterDelta(tcpMark, tcpNow)}`);
    tcpMark = tcpNow;
    load.phase = name;
    log(`  phase: ${name}`);
  };
  let greenSeconds = Number.NaN;
  load.phase = "steady";
  log(`  phase: steady (${options.rate} req/s)`);
  load.start();
  try {
    await sleep(quiet);

    await phase("node killed");
    const indent = (line: string) => log(`    ${line}`);
    greenSeconds = await killPrimariesNodeAndRestart({ es: options.es, prefix: options.prefix, fixturesAlias: options.fixturesAlias, port: options.esPort, nodes: options.nodes, downMs: quiet, greenTimeoutMs: GREEN_TIMEOUT_MS, log: indent });

    await phase("instance killed");
    await topology.stopInstance(1, "SIGKILL");
    log(`    SIGKILL ${topology.instances[1]!.name}`);
    await sleep(quiet);
    await topology.startInstance(1);
    const upMs = await topology.waitFor({ [topology.instances[1]!.name]: "UP" });
    log(`    ${topology.instances[1]!.name} restarted; HAProxy saw it up ${(upMs / 1000).toFixed(1)} s after it was ready`);

    await phase("rolling restart");
    await rollingRestart(topology, log);

    await phase("after");
    await sleep(quiet);
    await phase("done");
  } catch (error) {
    await load.stop();
    throw error;
  }
  const phases = await load.stop();
  return { phases: phases.filter((p) => p.phase !== "done"), retries, greenSeconds };
}

/**
 * Each instance in turn: SIGTERM (it drains: /ready fails, HAProxy takes it out, open requests
 * are answered, its streams end after DRAIN_SECONDS), a fresh start, and HAProxy seeing it up
 * before the next one goes.
 */
export async function rollingRestart(topology: ClusterTopology, log: (line: string) => void): Promise<void> {
  for (const [i, instance] of topology.instances.entries()) {
    const drainedMs = await topology.stopInstance(i, "SIGTERM");
    await topology.startInstance(i);
    const upMs = await topology.waitFor({ [instance.name]: "UP" });
    log(`    ${instance.name}: drained and exited in ${(drainedMs / 1000).toFixed(1)} s, restarted, up at the proxy ${(upMs / 1000).toFixed(1)} s later`);
  }
}
