/**
 * CPU used over a window by the service, the Elasticsearch node(s) and the load generator
 * itself, from /proc/<pid>/stat (user + system): the cost of a request in CPU ms, which means
 * the same on a fast or a slow machine where a rate does not.
 */
import type { Client } from "@elastic/elasticsearch";
import { cpuMs } from "../bench/stream/process-usage.js";

export type CpuUse = {
  seconds: number;
  /** CPU ms the service used in the window. */
  serviceMs: number;
  /** CPU ms of every local node together (NaN when none runs on this machine). */
  nodeMs: number;
  /** CPU ms per second of this process: the generator's own share of the cores. */
  generatorMsPerSecond: number;
};

/** The pids of every node of the cluster that runs on this machine (readable in /proc). */
export async function localNodePids(es: Client): Promise<number[]> {
  const info = await es.nodes.info({ metric: "process" });
  return Object.values(info.nodes)
    .map((node) => node.process?.id)
    .filter((pid): pid is number => typeof pid === "number" && cpuMs(pid) !== null);
}

const sum = (pids: readonly number[]): number | null => {
  let total = 0;
  for (const pid of pids) {
    const ms = cpuMs(pid);
    if (ms === null) return null;
    total += ms;
  }
  return total;
};

const ownMs = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** Starts a window now; `end()` returns what each side used since. */
export function cpuWindow(servicePid: number, nodePids: readonly number[]): { end: () => CpuUse } {
  const startedAt = performance.now();
  const service0 = cpuMs(servicePid);
  const nodes0 = nodePids.length > 0 ? sum(nodePids) : null;
  const own0 = ownMs();
  return {
    end: () => {
      const seconds = (performance.now() - startedAt) / 1000;
      const service1 = cpuMs(servicePid);
      // A node that went away (killed) mid-window makes the node figure unknown, not smaller.
      const nodes1 = nodes0 === null ? null : sum(nodePids);
      return {
        seconds,
        serviceMs: service0 === null || service1 === null ? Number.NaN : service1 - service0,
        nodeMs: nodes0 === null || nodes1 === null ? Number.NaN : nodes1 - nodes0,
        generatorMsPerSecond: (ownMs() - own0) / seconds,
      };
    },
  };
}

/** "service 3.1 ms, node 9.8 ms (service/node 32%)" per request answered. */
export function perRequestText(use: CpuUse, answered: number): string {
  const service = use.serviceMs / answered;
  const node = use.nodeMs / answered;
  const share = Number.isNaN(node) ? "node not local" : `service/node ${((100 * service) / node).toFixed(0)}%`;
  return `service ${service.toFixed(2)} ms, node ${Number.isNaN(node) ? "-" : node.toFixed(2)} ms (${share})`;
}
