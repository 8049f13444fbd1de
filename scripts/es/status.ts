import { fetchHealth, fetchNodeVersion, type HealthStatus } from "./health.js";
import { clustersToInspect } from "./inventory.js";
import { livePid } from "./node-process.js";
import type { EsOptionsInput } from "./options.js";
import { resolvePaths } from "./paths.js";

export interface NodeStatus {
  /** Layout id, e.g. "single-9200". */
  cluster: string;
  node: string;
  url: string;
  answering: boolean;
  health: HealthStatus | null;
  nodeCount: number | null;
  version: string | null;
  /** Pid of the server this script started for that node, if running. */
  pid: number | null;
}

export async function elasticsearchStatus(opts: EsOptionsInput = {}): Promise<NodeStatus[]> {
  const clusters = await clustersToInspect(resolvePaths(), opts);
  const rows = clusters.flatMap((cluster) => cluster.nodes.map((node) => ({ cluster, node })));
  return Promise.all(
    rows.map(async ({ cluster, node }): Promise<NodeStatus> => {
      const [health, pid] = await Promise.all([fetchHealth(node.url, 2000), livePid(node)]);
      return {
        cluster: cluster.id,
        node: node.name,
        url: node.url,
        answering: health !== null,
        health: health?.status ?? null,
        nodeCount: health?.number_of_nodes ?? null,
        version: health ? await fetchNodeVersion(node.url) : null,
        pid,
      };
    }),
  );
}
