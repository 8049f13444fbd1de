import type { StandingDocument } from "../../domain/standings/standing-document.js";
import type { z } from "../../openapi/zod.js";
import { presentStatEntries } from "../../presenters/fixture-modules.js";
import type { StandingRowSchema, StandingsResponseSchema } from "./schema.js";

type StoredRow = Pick<StandingDocument, "row" | "team_names">;

/** The response body of GET /standings: every row, in the order read. */
export function presentStandings(rows: readonly StoredRow[], language: string): z.input<typeof StandingsResponseSchema> {
  return { standings: rows.map((row) => presentStandingRow(row, language)) };
}

/**
 * One Standing row, field by field as the documented Standing row lists them.
 * Only the team name is localized (English fallback); positions were computed on
 * English names and never change with the language.
 */
export function presentStandingRow(doc: StoredRow, language: string): z.input<typeof StandingRowSchema> {
  const { row } = doc;
  return {
    season: { id: row.season.id, name: row.season.name },
    stage: row.stage ? { id: row.stage.id, name: row.stage.name } : null,
    group: row.group ? { id: row.group.id, name: row.group.name } : null,
    position: row.position,
    team: { id: row.team.id, name: doc.team_names?.[language] ?? row.team.name },
    points: row.points,
    result: row.result ?? null,
    statistics: presentStatEntries(row.statistics),
  };
}
