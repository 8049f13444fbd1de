import { access, cp, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { CLUSTER_NAME } from "./distribution.js";
import { HOST, type ClusterPlan, type NodePlan } from "./layout.js";

type YamlValue = string | number | boolean | readonly string[];

/** JSON scalars and flow sequences are valid YAML, which keeps paths with spaces or colons safe. */
function yamlLine(key: string, value: YamlValue): string {
  return `${key}: ${JSON.stringify(value)}`;
}

/**
 * `bootstrap` adds cluster.initial_master_nodes, which only the very first start of a multi-node
 * cluster may carry: left in place afterwards, Elasticsearch warns on every start.
 */
export function renderElasticsearchYml(cluster: ClusterPlan, node: NodePlan, bootstrap: boolean): string {
  const settings: [string, YamlValue][] = [
    ["cluster.name", CLUSTER_NAME],
    ["node.name", node.name],
    ["network.host", HOST],
    ["http.port", node.httpPort],
    ["transport.port", node.transportPort],
    ["path.data", node.dataDir],
    ["path.logs", node.logsDir],
    // A local development node: no TLS or passwords, same as the test suite expects.
    ["xpack.security.enabled", false],
    // Developer disks are often nearly full; the watermarks would turn indices read-only.
    ["cluster.routing.allocation.disk.threshold_enabled", false],
    // No "DELETE /*" or "DELETE /_all" by a slip of a script.
    ["action.destructive_requires_name", true],
  ];
  if (cluster.single) {
    settings.push(["discovery.type", "single-node"]);
  } else {
    settings.push(["discovery.seed_hosts", cluster.nodes.map((n) => `${HOST}:${n.transportPort}`)]);
    if (bootstrap) settings.push(["cluster.initial_master_nodes", cluster.nodes.map((n) => n.name)]);
  }
  const header = "# Written by scripts/es.ts on every start; edits here are overwritten.";
  return [header, ...settings.map(([key, value]) => yamlLine(key, value)), ""].join("\n");
}

export function renderHeapOptions(heap: string): string {
  // Equal min and max: no heap resizing pauses, and the footprint is known up front.
  return `-Xms${heap}\n-Xmx${heap}\n`;
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** A cluster has bootstrapped once any of its nodes has persisted cluster state. */
export async function isBootstrapped(cluster: ClusterPlan): Promise<boolean> {
  for (const node of cluster.nodes) {
    if (await exists(join(node.dataDir, "_state"))) return true;
  }
  return false;
}

/** Gives the node its own ES_PATH_CONF: the distribution's defaults once, our settings every time. */
export async function writeNodeConfig(cluster: ClusterPlan, node: NodePlan, distDir: string, bootstrap: boolean): Promise<void> {
  await mkdir(node.dataDir, { recursive: true });
  await mkdir(node.logsDir, { recursive: true });
  if (!(await exists(join(node.confDir, "jvm.options")))) {
    // force: false keeps anything the node created itself, such as its keystore.
    await cp(join(distDir, "config"), node.confDir, { recursive: true, force: false });
  }
  await mkdir(join(node.confDir, "jvm.options.d"), { recursive: true });
  await writeFile(join(node.confDir, "elasticsearch.yml"), renderElasticsearchYml(cluster, node, bootstrap));
  await writeFile(join(node.confDir, "jvm.options.d", "heap.options"), renderHeapOptions(cluster.heap));
}
