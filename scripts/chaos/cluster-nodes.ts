/**
 * The chaos run's view of the local cluster: which node holds the data's primaries, its pid
 * (through the provisioning's pid files), killing it outright, and waiting for green.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { Client } from "@elastic/elasticsearch";
import { fetchHealth } from "../es/health.js";
import { ensureElasticsearch } from "../es/provision.js";
import { planCluster, type NodePlan } from "../es/layout.js";
import { livePid } from "../es/node-process.js";
import { resolveEsOptions } from "../es/options.js";
import { resolvePaths } from "../es/paths.js";

export function clusterPlanNodes(port: number, nodes: number): NodePlan[] {
  return planCluster(resolveEsOptions({ port, nodes }), resolvePaths().nodesDir).nodes;
}

/**
 * The node holding the most primaries of the prefix's indices, the fixtures primary first:
 * losing it forces replica promotion where the load reads most.
 */
export async function nodeHoldingPrimaries(es: Client, prefix: string, fixturesAlias: string): Promise<string> {
  const shards = await es.cat.shards({ index: `${prefix}_*`, h: "index,prirep,node", format: "json" });
  const fixturesIndex = Object.keys(await es.indices.getAlias({ name: fixturesAlias }))[0];
  const score = new Map<string, number>();
  for (const shard of shards) {
    if (shard.prirep !== "p" || !shard.node) continue;
    const weight = shard.index === fixturesIndex ? 100 : 1;
    score.set(shard.node, (score.get(shard.node) ?? 0) + weight);
  }
  const [best] = [...score].sort((a, b) => b[1] - a[1]);
  if (!best) throw new Error(`no primary of ${prefix}_* is allocated`);
  return best[0];
}

/** SIGKILL, as a crash or the OOM killer would: no shutdown, no goodbye to the cluster. */
export async function killNode(node: NodePlan): Promise<number> {
  const pid = await livePid(node);
  if (!pid) throw new Error(`${node.name} has no running process of this layout (was it started by npm run es:start?)`);
  process.kill(pid, "SIGKILL");
  return pid;
}

/**
 * The chaos of a node (npm run chaos, bench:cluster): SIGKILLs the node of the `port`..`nodes`
 * layout holding the most primaries of the prefix's data, waits `downMs`, restarts it as
 * `npm run es:start` would and waits for green; returns the seconds from the restart to green.
 */
export async function killPrimariesNodeAndRestart(options: {
  es: Client;
  prefix: string;
  fixturesAlias: string;
  port: number;
  nodes: number;
  downMs: number;
  greenTimeoutMs: number;
  log: (line: string) => void;
}): Promise<number> {
  const { port, nodes, log } = options;
  const plan = clusterPlanNodes(port, nodes);
  const victimName = await nodeHoldingPrimaries(options.es, options.prefix, options.fixturesAlias);
  const victim = plan.find((node) => node.name === victimName);
  if (!victim) throw new Error(`${victimName} is not a node of the ${nodes}-node layout on port ${port}`);
  const killedAt = Date.now();
  log(`Killed ${victim.name} (pid ${await killNode(victim)}, SIGKILL), the node holding the most primaries.`);
  await sleep(options.downMs);

  log(`Restarting ${victim.name} ...`);
  const restartAt = Date.now();
  await ensureElasticsearch({ port, nodes, log });
  const greenSeconds = (Date.now() - restartAt) / 1000 + (await waitForGreen(plan.map((node) => node.url), options.greenTimeoutMs));
  log(`Green again ${greenSeconds.toFixed(1)} s after the restart began (${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill).`);
  return greenSeconds;
}

/** Polls `_cluster/health` on any answering node until green; returns the seconds it took. */
export async function waitForGreen(urls: readonly string[], timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    for (const url of urls) {
      const health = await fetchHealth(url, 2000);
      if (health?.status === "green" && health.number_of_nodes === urls.length) return (Date.now() - started) / 1000;
      if (health) break;
    }
    await sleep(250);
  }
  throw new Error(`the cluster was not green within ${timeoutMs / 1000} s`);
}

/** Documents behind each alias: compared before the kill and after green, to prove none was lost. */
export async function countsByAlias(es: Client, aliases: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const alias of aliases) counts.set(alias, (await es.count({ index: alias })).count);
  return counts;
}
