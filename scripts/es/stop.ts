import { fetchHealth } from "./health.js";
import { clustersToInspect } from "./inventory.js";
import { livePid, removePidFile, stopProcess } from "./node-process.js";
import type { EsOptionsInput } from "./options.js";
import { resolvePaths } from "./paths.js";

export interface StoppedNode {
  name: string;
  url: string;
  pid: number;
  signal: "SIGTERM" | "SIGKILL";
  seconds: number;
}

/**
 * Stops the nodes this script started, found through their pid files: the layout asked for, or
 * all of them. A node that answers without a pid file of ours is someone else's and is left alone.
 */
export async function stopElasticsearch(opts: EsOptionsInput & { log?: (line: string) => void } = {}): Promise<StoppedNode[]> {
  const log = opts.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const clusters = await clustersToInspect(resolvePaths(), opts);
  const nodes = clusters.flatMap((cluster) => cluster.nodes);
  const results = await Promise.all(
    nodes.map(async (node): Promise<StoppedNode | null> => {
      const pid = await livePid(node);
      if (!pid) {
        await removePidFile(node);
        if (await fetchHealth(node.url, 1500)) log(`${node.url} answers but was not started by this script; left running.`);
        return null;
      }
      const started = performance.now();
      const signal = await stopProcess(pid);
      await removePidFile(node);
      const seconds = (performance.now() - started) / 1000;
      log(`Stopped ${node.name} at ${node.url} (pid ${pid}, ${signal}, ${seconds.toFixed(1)} s)`);
      return { name: node.name, url: node.url, pid, signal, seconds };
    }),
  );
  const stopped = results.filter((result): result is StoppedNode => result !== null);
  if (stopped.length === 0) log("No Elasticsearch node started by this script is running.");
  return stopped;
}
