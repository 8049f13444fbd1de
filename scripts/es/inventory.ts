import { readdir } from "node:fs/promises";
import { parseClusterId, planCluster, type ClusterPlan } from "./layout.js";
import { resolveEsOptions, type EsOptionsInput } from "./options.js";
import type { EsPaths } from "./paths.js";

/**
 * The layouts stop and status act on: the one asked for, or when nothing specific was asked,
 * every layout that has a directory on disk (and the default one if there is none yet).
 */
export async function clustersToInspect(paths: EsPaths, input: EsOptionsInput): Promise<ClusterPlan[]> {
  if (input.port !== undefined || input.nodes !== undefined) {
    return [planCluster(resolveEsOptions(input), paths.nodesDir)];
  }
  const ids = await readdir(paths.nodesDir).catch(() => []);
  const plans = ids
    .map(parseClusterId)
    .filter((options) => options !== null)
    .map((options) => planCluster({ ...options, heap: "1g" }, paths.nodesDir))
    .sort((a, b) => (a.nodes[0]?.httpPort ?? 0) - (b.nodes[0]?.httpPort ?? 0));
  return plans.length ? plans : [planCluster(resolveEsOptions({}), paths.nodesDir)];
}
