import { join } from "node:path";
import { CLUSTER_NAME } from "./distribution.js";
import { TRANSPORT_OFFSET, type EsOptions } from "./options.js";

export interface NodePlan {
  name: string;
  httpPort: number;
  transportPort: number;
  url: string;
  /** Everything one node owns; its name keys the directory so layouts never share data. */
  dir: string;
  confDir: string;
  dataDir: string;
  logsDir: string;
  pidFile: string;
  /** The node's main log, named after the cluster by Elasticsearch's log4j config. */
  logFile: string;
  /** Output of the launcher itself, which fails before the node has a log of its own. */
  launcherLog: string;
}

export interface ClusterPlan {
  /** "single-9200" or "cluster3-9200": a single node and a cluster on the same port have different data. */
  id: string;
  single: boolean;
  url: string;
  heap: string;
  nodes: NodePlan[];
}

export const HOST = "127.0.0.1";

export function clusterId(options: Pick<EsOptions, "port" | "nodes">): string {
  return options.nodes === 1 ? `single-${options.port}` : `cluster${options.nodes}-${options.port}`;
}

export function planCluster(options: EsOptions, nodesDir: string): ClusterPlan {
  const id = clusterId(options);
  const nodes: NodePlan[] = [];
  for (let i = 0; i < options.nodes; i++) {
    const httpPort = options.port + i;
    const name = `node-${httpPort}`;
    const dir = join(nodesDir, id, name);
    nodes.push({
      name,
      httpPort,
      transportPort: httpPort + TRANSPORT_OFFSET,
      url: `http://${HOST}:${httpPort}`,
      dir,
      confDir: join(dir, "config"),
      dataDir: join(dir, "data"),
      logsDir: join(dir, "logs"),
      pidFile: join(dir, "elasticsearch.pid"),
      logFile: join(dir, "logs", `${CLUSTER_NAME}.log`),
      launcherLog: join(dir, "launcher.log"),
    });
  }
  return { id, single: options.nodes === 1, url: `http://${HOST}:${options.port}`, heap: options.heap, nodes };
}

/** Reads "single-9200" / "cluster3-9202" back into options, for stop and status over what exists on disk. */
export function parseClusterId(id: string): Pick<EsOptions, "port" | "nodes"> | null {
  const single = /^single-([0-9]+)$/.exec(id);
  if (single?.[1]) return { port: Number(single[1]), nodes: 1 };
  const cluster = /^cluster([0-9]+)-([0-9]+)$/.exec(id);
  if (cluster?.[1] && cluster[2]) return { port: Number(cluster[2]), nodes: Number(cluster[1]) };
  return null;
}
