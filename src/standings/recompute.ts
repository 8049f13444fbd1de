import type { Client } from "@elastic/elasticsearch";
import type { LocalizedNames } from "../domain/catalog.js";
import { standingRowDocument } from "../domain/standings/standing-document.js";
import type { IndexNames } from "../store/index-names.js";
import { replaceSeasonRows, standingIdsOfSeason } from "../store/standing-writes.js";
import { computeSeasonTables, type TableTeam } from "../domain/standings/compute.js";
import { positionsOf, writeParticipantPositions } from "./participant-positions.js";
import { readSeasonFixtures } from "../store/fixture-reads.js";
import { SEASON_FIXTURE_FIELDS, tableFixtureOf, type SeasonFixture } from "./season-fixtures.js";

export type RecomputeReport = {
  seasonId: number;
  /** Rows written (every row of the season, overwritten in place by id). */
  rows: number;
  /** Rows of the season that no longer exist, deleted by id. */
  deleted: number;
  /** Fixtures whose participants' positions changed. */
  fixturesRepositioned: number;
};

/**
 * Recomputes one season's tables from the fixtures index as it is now and
 * overwrites the season's rows in the standings index (for the live updates: call
 * it when a fixture of the season finishes or its result changes). Rows have
 * deterministic ids, so rewriting replaces them; rows that no longer exist (a team
 * or group gone) are deleted by id, because this node has no delete_by_query.
 * Then participants' positions in the season's fixtures are brought up to date.
 * Not refreshed: readers see the new rows within the index's refresh interval.
 */
export async function recomputeSeasonStandings(
  es: Client,
  indices: Pick<IndexNames, "fixtures" | "fixtures_history" | "fixtures_all" | "standings" | "teams">,
  seasonId: number,
  now: Date = new Date(),
): Promise<RecomputeReport> {
  // A season's finished fixtures may be in history already (src/domain/fixture/index-family.ts).
  const fixtures = await readSeasonFixtures<SeasonFixture>(es, indices.fixtures_all, seasonId, SEASON_FIXTURE_FIELDS);
  const teams = new Map<number, TableTeam>();
  const translations = new Map<number, LocalizedNames>();
  for (const fixture of fixtures) {
    for (const participant of fixture.participants) {
      teams.set(participant.id, { id: participant.id, name: participant.name });
      translations.set(participant.id, fixture.names?.teams?.[String(participant.id)] ?? {});
    }
  }
  const first = fixtures[0];
  const rows = first
    ? computeSeasonTables({
        season: { id: first.season.id, name: first.season.name },
        leagueCode: first.league.code,
        fixtures: fixtures.map(tableFixtureOf),
        teams,
      })
    : [];
  const documents = rows.map((row, order) => standingRowDocument(row, order, translations.get(row.team.id) ?? {}, now));
  const fresh = new Set(documents.map((document) => document.id));
  const stale = (await standingIdsOfSeason(es, indices.standings, seasonId)).filter((id) => !fresh.has(id));

  await replaceSeasonRows(es, indices.standings, seasonId, documents, stale);
  const fixturesRepositioned = await writeParticipantPositions(es, indices, fixtures, positionsOf(rows), now);
  return { seasonId, rows: documents.length, deleted: stale.length, fixturesRepositioned };
}
