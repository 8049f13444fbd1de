import type { StandingRow } from "../../standings/compute.js";
import type { CatalogTeam } from "../catalog.js";
import type { IndexedDocument } from "../bulk-load.js";
import { translationsOnly } from "./localize.js";

/**
 * One standing row as stored: the row in English plus the team's translations (the
 * presenter localizes), with the keys /standings filters and sorts on. The id is
 * deterministic (season, stage, group, team), so recomputing a season overwrites
 * its rows in place.
 */
export function standingDocument(
  row: StandingRow,
  order: number,
  teams: ReadonlyMap<number, CatalogTeam>,
  now: Date,
): IndexedDocument {
  const stageId = row.stage?.id ?? 0;
  const groupId = row.group?.id ?? 0;
  const team = teams.get(row.team.id);
  return {
    id: `${row.season.id}:${stageId}:${groupId}:${row.team.id}`,
    doc: {
      season_id: row.season.id,
      stage_id: stageId,
      group_id: groupId,
      // Rows of all of a season's tables in order (stage, group, position), as computed.
      sort_key: String(order).padStart(8, "0"),
      position: row.position,
      team_id: row.team.id,
      row,
      team_names: team ? translationsOnly(team.names, team.name) : {},
      computed_at: now.toISOString(),
    },
  };
}
