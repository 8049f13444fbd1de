import { describe, expect, it } from "vitest";
import type { StandingRow } from "../../../src/domain/standings/compute.js";
import type { StandingDocument } from "../../../src/domain/standings/standing-document.js";
import { positionKey, SeasonTablesBuilder, standingDocuments } from "../../../src/ingest/season-tables.js";
import type { KeptPosition } from "../../../src/store/kept-standings.js";

/** A season of two stages (a league phase and a play-off), two teams each. */
function rows(seasonId: number): StandingRow[] {
  const row = (stageId: number, teamId: number, position: number): StandingRow => ({
    season: { id: seasonId, name: `S${seasonId}` },
    stage: { id: stageId, name: `Stage ${stageId}` },
    group: null,
    position,
    team: { id: teamId, name: `Team ${teamId}` },
    points: 3 - position,
    result: null,
    statistics: [],
  });
  return [row(1, 10, 1), row(1, 11, 2), row(2, 11, 1), row(2, 10, 2)];
}

async function* positions(list: KeptPosition[]): AsyncGenerator<KeptPosition> {
  yield* list;
}

describe("the season tables of a rebuild", () => {
  it("number each season's rows from 0 within it and carry no computed_at (a kept season's rows are the same in any later version)", async () => {
    const builder = new SeasonTablesBuilder();
    builder.add(7, rows(7));
    builder.add(8, rows(8));
    const tables = builder.finish();
    const documents: StandingDocument[] = [];
    for await (const document of standingDocuments(new Map(), tables)) documents.push(document.doc as StandingDocument);
    tables.rows.discard();
    expect(tables.rowCount).toBe(8);
    expect(documents.map((doc) => [doc.season_id, doc.sort_key])).toEqual([
      [7, "00000000"],
      [7, "00000001"],
      [7, "00000002"],
      [7, "00000003"],
      [8, "00000000"],
      [8, "00000001"],
      [8, "00000002"],
      [8, "00000003"],
    ]);
    expect(documents.every((doc) => !("computed_at" in doc))).toBe(true);
  });

  it("key a kept season's positions as its computed rows are keyed, stage by stage", async () => {
    const computed = new SeasonTablesBuilder();
    computed.add(7, rows(7));
    const kept = new SeasonTablesBuilder();
    await kept.keepPositions(positions(rows(7).map((row) => ({ seasonId: 7, stageId: row.stage!.id, teamId: row.team.id, position: row.position }))));
    const [fromRows, fromKept] = [computed.finish(), kept.finish()];
    fromRows.rows.discard();
    fromKept.rows.discard();
    expect(fromKept.positions).toEqual(fromRows.positions);
    expect(fromKept.positions.get(positionKey(7, 2, 10))).toBe(2);
    // Kept rows are not loaded again: only their positions are there.
    expect(fromKept.rowCount).toBe(0);
  });
});
