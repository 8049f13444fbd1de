import { computeSeasonTables, type StandingRow, type TableFixture } from "../domain/standings/compute.js";
import type { CatalogLeague, CatalogTeam } from "../domain/catalog.js";
import type { IndexedDocument } from "../domain/indexed-document.js";
import { standingDocument } from "../domain/standings/standing-document.js";
import type { CatalogSource } from "./catalog-source.js";
import { matchResults, type ResumeAt } from "./fixtures/match-plans.js";
import { StandingRowsFile } from "./standing-rows-file.js";
import type { KeptPosition } from "../store/kept-standings.js";
import { PAUSE_EVERY, type Walk } from "./walk.js";

/**
 * Each team's position by season and stage (for the fixture documents), and every season's rows
 * (on disk) with how many there are. A season's rows are numbered within it, as a live recompute
 * numbers them, so a season's documents do not depend on the others (a nightly rebuild keeps a
 * closed season's rows as they are: kept-standings.ts).
 */
export type SeasonTables = { positions: Map<string, number>; rows: StandingRowsFile; rowCount: number };

/** What the table walk needs of the catalog. */
export type TableLookups = {
  leagues: ReadonlyMap<number, CatalogLeague>;
  teams: ReadonlyMap<number, CatalogTeam>;
  seasonCounts: ReadonlyMap<number, number>;
};

/** Every season's tables as the walk computes them; a nightly rebuild adds the kept seasons' positions (`keepPositions`). */
export class SeasonTablesBuilder {
  readonly positions = new Map<string, number>();
  readonly rows = new StandingRowsFile();
  #rowCount = 0;

  add(seasonId: number, rows: readonly StandingRow[]): void {
    for (const row of rows) this.positions.set(positionKey(seasonId, row.stage?.id ?? 0, row.team.id), row.position);
    this.#rowCount += rows.length;
    this.rows.add(seasonId, rows);
  }

  /** Kept seasons' positions: their rows stay where they are (not loaded again), but a fixture of theirs may still be built. */
  async keepPositions(kept: AsyncIterable<KeptPosition>): Promise<void> {
    for await (const { seasonId, stageId, teamId, position } of kept) this.positions.set(positionKey(seasonId, stageId, teamId), position);
  }

  finish(): SeasonTables {
    this.rows.close();
    return { positions: this.positions, rows: this.rows, rowCount: this.#rowCount };
  }
}

/**
 * The table walk: every season's tables computed at its last fixture (from its fixtures' table
 * goals, kept only while the season is in progress), into `tables`. It plays no match out
 * (`matchResults`). Resumed at a checkpoint, it leaves the kept seasons out (their rows are the
 * previous version's).
 */
export function* walkSeasonTables(
  source: Pick<CatalogSource, "leagues" | "seasons" | "matches">,
  lookups: TableLookups,
  now: Date,
  tables: SeasonTablesBuilder,
  walk: { resume?: ResumeAt | undefined } = {},
): Walk<void> {
  const seasons = new Map(source.seasons.map((season) => [season.id, season]));
  const open = new Map<number, TableFixture[]>();
  let walked = 0;
  try {
    for (const step of matchResults(source, lookups.seasonCounts, now, walk)) {
      if (step.kind !== "season-end" && ++walked % PAUSE_EVERY === 0) yield;
      if (step.kind === "passed") continue;
      if (step.kind === "result") {
        const { match } = step;
        let fixtures = open.get(match.season_id);
        if (!fixtures) open.set(match.season_id, (fixtures = []));
        fixtures.push({
          id: match.id,
          date_time: match.date_time,
          stage: match.stage,
          group: match.group,
          home_team_id: match.home_team_id,
          away_team_id: match.away_team_id,
          goals: step.tableGoals,
        });
        continue;
      }
      const season = seasons.get(step.seasonId);
      const fixtures = open.get(step.seasonId) ?? [];
      open.delete(step.seasonId);
      if (!season) continue;
      const league = lookups.leagues.get(season.league_id)!;
      tables.add(season.id, computeSeasonTables({ season: { id: season.id, name: season.name }, leagueCode: league.code, teams: lookups.teams, fixtures }));
    }
  } finally {
    tables.rows.close();
  }
}

/** Standing documents, each season's as its last fixture passed, numbered within the season. */
export async function* standingDocuments(teams: ReadonlyMap<number, CatalogTeam>, tables: SeasonTables): AsyncGenerator<IndexedDocument> {
  for await (const { index, row } of tables.rows.rows()) yield standingDocument(row, index, teams);
}

export function positionKey(seasonId: number, stageId: number, teamId: number): string {
  return `${seasonId}:${stageId}:${teamId}`;
}
