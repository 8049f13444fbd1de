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
  /**
   * When a live recompute (standings/recompute.ts) wrote the row; absent on a rebuild's rows, which
   * are what the source gives whenever they are built. So a nightly rebuild can tell a kept
   * season's rows that changed since its version was built (kept-standings.ts), and keeps the
   * others as they are, equal to what a full rebuild gives at any later time.
   */
  computed_at?: string;
};

/**
 * The id is deterministic (season, stage, group, team), so recomputing a season
 * overwrites its rows in place and a row that no longer exists is found by id.
 */
export function standingDocumentId(row: Pick<StandingRow, "season" | "stage" | "group" | "team">): string {
  return `${row.season.id}:${row.stage?.id ?? 0}:${row.group?.id ?? 0}:${row.team.id}`;
}

/** One standing row of a rebuild (no `computed_at`), with the team's translations from the catalog; `order` is its place in its season. */
export function standingDocument(row: StandingRow, order: number, teams: ReadonlyMap<number, CatalogTeam>): IndexedDocument {
  const team = teams.get(row.team.id);
  return standingRowDocument(row, order, team ? translationsOnly(team.names, team.name) : {}, null);
}

/**
 * One standing row with the team's translations as stored in fixture documents; `order` is its
 * place in its season, `computedAt` when a live recompute wrote it (null: a rebuild's).
 */
export function standingRowDocument(row: StandingRow, order: number, teamNames: LocalizedNames, computedAt: Date | null): IndexedDocument {
  const doc: StandingDocument = {
    season_id: row.season.id,
    stage_id: row.stage?.id ?? 0,
    group_id: row.group?.id ?? 0,
    sort_key: String(order).padStart(8, "0"),
    position: row.position,
    team_id: row.team.id,
    row,
    team_names: teamNames,
    ...(computedAt && { computed_at: computedAt.toISOString() }),
  };
  return { id: standingDocumentId(row), doc };
}
