import type { Client } from "@elastic/elasticsearch";
import type { StandingDocument } from "../../domain/standings/standing-document.js";
import type { StandingRow } from "../../domain/standings/compute.js";
import { searchPages } from "../../store/search-pages.js";
import type { KeptSeasonRows } from "../season-tables.js";

/**
 * The kept seasons' standing rows as the previous version's standings index holds them, a season
 * at a time in their order: a nightly rebuild resumed at a checkpoint does not walk those seasons
 * again, and loads their rows anew (numbered and dated by the new version).
 */
export async function* keptStandingRows(es: Client, index: string, seasons: readonly number[]): AsyncGenerator<KeptSeasonRows> {
  let current = null as KeptSeasonRows | null;
  const pages = searchPages<Pick<StandingDocument, "season_id" | "row">>(es, {
    index,
    query: { terms: { season_id: [...seasons] } },
    _source: ["season_id", "row"],
    // A season's rows in their order (sort_key), then the row's own key: unique, as paging needs.
    sort: [{ season_id: "asc" }, { sort_key: "asc" }, { stage_id: "asc" }, { group_id: "asc" }, { team_id: "asc" }],
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
}
