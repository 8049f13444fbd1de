import type { Client } from "@elastic/elasticsearch";
import { cpuMs } from "./cpu.js";

/**
 * The pids of every node of the cluster that runs on this machine (asked of the nodes, kept
 * when /proc shows them): empty when the cluster is elsewhere, and then no node CPU is read.
 */
export async function localNodePids(es: Client): Promise<number[]> {
  const info = await es.nodes.info({ metric: "process" });
  return Object.values(info.nodes)
    .map((node) => node.process?.id)
    .filter((pid): pid is number => typeof pid === "number" && cpuMs(pid) !== null);
}
