import type { Client } from "@elastic/elasticsearch";

/**
 * A burst of writes, as an odds refresh makes one: `count` stored fixtures rewritten as fast
 * as the node takes them (bulk partial updates stamping `updated_at`, which every presented
 * fixture shows, so each write is a new version every query holding it must send).
 */
const PAGE = 5_000;
const BULK = 500;
const IN_FLIGHT = 4;

export async function rewriteFixtures(es: Client, index: string, count: number, log: (line: string) => void): Promise<{ written: number; seconds: number }> {
  const ids: string[] = [];
  let after: Array<string | number> | undefined;
  while (ids.length < count) {
    const page = await es.search({ index, size: Math.min(PAGE, count - ids.length), _source: false, sort: [{ id: "asc" }], ...(after ? { search_after: after } : {}) });
    const hits = page.hits.hits;
    for (const hit of hits) ids.push(hit._id!);
    if (hits.length === 0) break;
    after = hits.at(-1)!.sort as Array<string | number>;
  }
  log(`  burst: rewriting ${ids.length.toLocaleString("en")} fixtures...`);
  const started = Date.now();
  let written = 0;
  let next = 0;
  // A few bulk requests in flight: one at a time, the node's round trips, not its work, set the pace.
  const worker = async () => {
    while (next < ids.length) {
      const batch = ids.slice(next, next + BULK);
      next += BULK;
      const updatedAt = new Date().toISOString();
      const operations = batch.flatMap((id) => [{ update: { _index: index, _id: id } }, { doc: { updated_at: updatedAt } }]);
      const response = await es.bulk({ operations, refresh: false });
      written += response.items.filter((item) => !item.update?.error).length;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { written, seconds: (Date.now() - started) / 1000 };
}
