import type { Client, estypes } from "@elastic/elasticsearch";
import { searchPages } from "./search-pages.js";

/** Ids of a season's stored rows (a season has at most a few hundred). */
export async function standingIdsOfSeason(es: Client, standingsIndex: string, seasonId: number): Promise<string[]> {
  const ids: string[] = [];
  const rows = searchPages(es, {
    index: standingsIndex,
    _source: false,
    query: { term: { season_id: seasonId } },
    sort: [{ sort_key: "asc" }, { team_id: "asc" }],
  });
  for await (const hits of rows) {
    for (const hit of hits) if (hit._id) ids.push(hit._id);
  }
  return ids;
}

/**
 * Writes a season's rows (overwritten in place: their ids are deterministic) and deletes its
 * rows that no longer exist by id, because this node has no delete_by_query. A row already
 * gone is no failure.
 */
export async function replaceSeasonRows(
  es: Client,
  standingsIndex: string,
  seasonId: number,
  rows: ReadonlyArray<{ id: string; doc: object }>,
  staleIds: readonly string[],
): Promise<void> {
  const operations: Array<estypes.BulkOperationContainer | object> = [];
  for (const row of rows) operations.push({ index: { _index: standingsIndex, _id: row.id } }, row.doc);
  for (const id of staleIds) operations.push({ delete: { _index: standingsIndex, _id: id } });
  if (operations.length === 0) return;
  const response = await es.bulk({ operations });
  const failed = response.items.find((item) => {
    const result = item.index ?? item.delete;
    return result?.error !== undefined && !(item.delete && result.status === 404);
  });
  if (failed) throw new Error(`Standings of season ${seasonId}: ${JSON.stringify((failed.index ?? failed.delete)?.error)}`);
}
