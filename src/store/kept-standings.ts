import type { Client, estypes } from "@elastic/elasticsearch";
import type { StandingDocument } from "../domain/standings/standing-document.js";
import type { StandingRow } from "../domain/standings/compute.js";
import { searchPages } from "./search-pages.js";

/*
 * The kept seasons' standing rows as the previous version's standings index holds them: a nightly
 * rebuild resumed at a checkpoint (ingest/kept-history/) does not walk those seasons again, and
 * loads their rows anew (numbered and dated by the new version). Read from one point in time, so
 * a recompute running meanwhile cannot skip or repeat a row.
 */

/** A season's standing rows, in their order within the season. */
export type SeasonRows = { seasonId: number; rows: StandingRow[] };

/** The kept seasons' rows, a season at a time. */
export type KeptStandings = { rows: AsyncIterable<SeasonRows> };

const KEEP_ALIVE = "2m";

/**
 * The rows, or why they cannot be taken: a row of a kept season that was not written by the
 * rebuild of that version (`builtAt`, its `now`) was recomputed since, by a live write to one of
 * the season's fixtures or a move. A full rebuild would compute that season from the source
 * again, so the walk has to as well.
 */
export async function keptStandings(
  es: Client,
  { index, seasons, builtAt }: { index: string; seasons: readonly number[]; builtAt: string },
): Promise<KeptStandings | { why: string }> {
  // A recompute acknowledged just before (within the index's refresh interval) must be seen.
  await es.indices.refresh({ index });
  const pit = await es.openPointInTime({ index, keep_alive: KEEP_ALIVE });
  const kept: estypes.QueryDslQueryContainer = { terms: { season_id: [...seasons] } };
  try {
    const recomputed = await es.search({
      pit: { id: pit.id, keep_alive: KEEP_ALIVE },
      size: 0,
      track_total_hits: true,
      query: { bool: { filter: [kept], must_not: [{ term: { computed_at: builtAt } }] } },
    });
    const count = typeof recomputed.hits.total === "number" ? recomputed.hits.total : (recomputed.hits.total?.value ?? 0);
    if (count > 0) {
      await es.closePointInTime({ id: pit.id }).catch(() => {});
      return { why: `${count.toLocaleString("en")} standing rows of the kept seasons were recomputed since the live version was built` };
    }
  } catch (error) {
    await es.closePointInTime({ id: pit.id }).catch(() => {});
    throw error;
  }
  return { rows: rowsAt(es, pit.id, kept) };
}

async function* rowsAt(es: Client, pitId: string, kept: estypes.QueryDslQueryContainer): AsyncGenerator<SeasonRows> {
  let current = null as SeasonRows | null;
  try {
    const pages = searchPages<Pick<StandingDocument, "season_id" | "row">>(es, {
      pit: { id: pitId, keep_alive: KEEP_ALIVE },
      query: kept,
      _source: ["season_id", "row"],
      // A season's rows in their order; the point in time adds its own tie-breaker for paging.
      sort: [{ season_id: "asc" }, { sort_key: "asc" }],
    });
    for await (const hits of pages) {
      for (const hit of hits) {
        const { season_id: seasonId, row } = hit._source!;
        if (current?.seasonId !== seasonId) {
          if (current) yield current;
          current = { seasonId, rows: [] };
        }
        current.rows.push(row as StandingRow);
      }
    }
    if (current) yield current;
  } finally {
    await es.closePointInTime({ id: pitId }).catch(() => {});
  }
}
