import { ensureElasticsearch, isReachable, stopElasticsearch } from "../../scripts/es/provision.js";

/**
 * Makes sure a real Elasticsearch node answers before integration tests run:
 * ELASTICSEARCH_URL when it is set and reachable, else the project's own local node
 * (started here when it is not running, and stopped again at the end if we started it).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const configured = process.env.ELASTICSEARCH_URL?.split(",")[0]?.trim();
  if (configured && (await isReachable(configured))) return async () => {};
  const layout = { nodes: 1 };
  const log = (line: string) => process.stderr.write(`[es] ${line}\n`);
  const { url, startedNow } = await ensureElasticsearch({ ...layout, log });
  process.env.ELASTICSEARCH_URL = url;
  return async () => {
    // Stop exactly the layout started here, never another cluster this script manages.
    if (startedNow && !process.env.SFD_KEEP_ES) await stopElasticsearch({ ...layout, log });
  };
}
