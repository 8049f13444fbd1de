import type { StandingRow } from "./compute.js";
import type { CatalogTeam, LocalizedNames } from "../catalog.js";
import type { IndexedDocument } from "../indexed-document.js";
import { translationsOnly } from "../localized-name.js";

/** A standing row as stored in the standings index (indices/standings.json). */
export type StandingDocument = {
  season_id: number;
  stage_id: number;
  group_id: number;
  /** Order of the season's rows (stage, group, position), zero-padded so it sorts as a keyword. */
  sort_key: string;
  position: number;
  team_id: number;
  /** The Standing row in English; the presenter localizes the team name. */
  row: StandingRow;
  /** The team's name by language, only where it differs from the English one. */
  team_names: LocalizedNames;
  computed_at: string;
};

/**
 * The id is deterministic (season, stage, group, team), so recomputing a season
 * overwrites its rows in place and a row that no longer exists is found by id.
 */
export function standingDocumentId(row: Pick<StandingRow, "season" | "stage" | "group" | "team">): string {
  return `${row.season.id}:${row.stage?.id ?? 0}:${row.group?.id ?? 0}:${row.team.id}`;
}

/** One standing row of a rebuild, with the team's translations from the catalog. */
export function standingDocument(
  row: StandingRow,
  order: number,
  teams: ReadonlyMap<number, CatalogTeam>,
  now: Date,
): IndexedDocument {
  const team = teams.get(row.team.id);
  return standingRowDocument(row, order, team ? translationsOnly(team.names, team.name) : {}, now);
}

/** One standing row with the team's translations as stored in fixture documents. */
export function standingRowDocument(row: StandingRow, order: number, teamNames: LocalizedNames, now: Date): IndexedDocument {
  const doc: StandingDocument = {
    season_id: row.season.id,
    stage_id: row.stage?.id ?? 0,
    group_id: row.group?.id ?? 0,
    sort_key: String(order).padStart(8, "0"),
    position: row.position,
    team_id: row.team.id,
    row,
    team_names: teamNames,
    computed_at: now.toISOString(),
  };
  return { id: standingDocumentId(row), doc };
}
