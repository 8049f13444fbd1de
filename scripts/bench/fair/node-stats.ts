/**
 * What bench:fair asks the node itself: searches its search thread pool turned away (a full
 * queue: the node's own overload, which the service's lanes exist to keep it from), and the
 * search tasks running on the indices under test (what a client that left still costs it).
 */
import type { Client } from "@elastic/elasticsearch";

/** Searches rejected by every node's search thread pool since it started. */
export async function searchRejections(es: Client): Promise<number> {
  const stats = await es.nodes.stats({ metric: "thread_pool" });
  return Object.values(stats.nodes).reduce((sum, node) => sum + (node.thread_pool?.search?.rejected ?? 0), 0);
}

/**
 * The search tasks (parents and their shard tasks) of one API request: those carrying its id as
 * X-Opaque-Id (the service sends a request's id with each of its calls, and the node hands it on to
 * the shard tasks). By id, not by index: the stream hubs and change feeds of the instances search
 * the same indices meanwhile.
 */
export async function searchTasksOf(es: Client, requestId: string): Promise<number> {
  const response = await es.tasks.list({ actions: "*search*", detailed: true });
  let count = 0;
  for (const node of Object.values(response.nodes ?? {})) {
    for (const task of Object.values(node.tasks ?? {})) {
      if (task.headers?.["X-Opaque-Id"] === requestId) count++;
    }
  }
  return count;
}
