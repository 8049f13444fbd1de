/**
 * A burst of live writes to what the streams hold: the fixtures in play and the next ones to kick
 * off, `count` of them, each written whole as a live update writes it (its indexed-only fields
 * made again, `updated_at` now), a few bulk requests in flight. A partial update would drop the
 * indexed-only `effective` values, and every where-query would see the fixture leave instead.
 */
import type { Client } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";
import { IN_PLAY_STATUSES } from "../../../src/domain/types/statuses.js";
import { TeamNameCache } from "../../../src/live/team-names.js";
import { derivedFixtureFields } from "../../../src/standings/fixture-derived.js";
import { indexBatch } from "../../../src/store/bulk-load.js";
import type { IndexNames } from "../../../src/store/index-names.js";

const BULK = 250;
const IN_FLIGHT = 2;

export async function liveBurst(es: Client, names: IndexNames, count: number, log: (line: string) => void): Promise<{ written: number; seconds: number }> {
  const response = await es.search<FixtureDocument>({
    index: names.fixtures,
    size: Math.min(count, 10_000),
    query: { terms: { status: ["NOT_STARTED", ...IN_PLAY_STATUSES] } },
    sort: [{ date_time: "asc" }, { id: "asc" }],
  });
  const docs = response.hits.hits.flatMap((hit) => (hit._source ? [hit._source] : []));
  const teamNames = new TeamNameCache(es, names.teams);
  const teams = await teamNames.namesOf(docs.flatMap((doc) => doc.participants.map((participant) => participant.id)));
  log(`  burst: writing ${docs.length.toLocaleString("en")} fixtures in play or next to kick off...`);
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < docs.length) {
      const batch = docs.slice(next, next + BULK);
      next += BULK;
      const updatedAt = new Date().toISOString();
      await indexBatch(es, batch.map((doc) => ({ index: names.fixtures, id: String(doc.id), doc: { ...doc, ...derivedFixtureFields(doc, teams, "fixtures"), updated_at: updatedAt } })));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { written: docs.length, seconds: (Date.now() - started) / 1000 };
}
