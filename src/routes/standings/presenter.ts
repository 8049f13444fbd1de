import type { StandingDocument } from "../../domain/standings/standing-document.js";
import { presentStatEntries } from "../../presenters/fixture-modules.js";

/**
 * One Standing row, field by field as the documented Standing row lists them.
 * Only the team name is localized (English fallback); positions were computed on
 * English names and never change with the language.
 */
export function presentStandingRow(doc: Pick<StandingDocument, "row" | "team_names">, language: string) {
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
