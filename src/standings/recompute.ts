import type { Client, estypes } from "@elastic/elasticsearch";
import type { LocalizedNames } from "../domain/catalog.js";
import { standingRowDocument } from "../domain/standings/standing-document.js";
import type { IndexNames } from "../store/index-names.js";
import { searchPages } from "../store/search-pages.js";
import { computeSeasonTables, type TableTeam } from "../domain/standings/compute.js";
import { positionsOf, writeParticipantPositions } from "./participant-positions.js";
import { readSeasonFixtures, tableFixtureOf } from "./season-fixtures.js";

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
  indices: Pick<IndexNames, "fixtures" | "standings" | "teams">,
  seasonId: number,
  now: Date = new Date(),
): Promise<RecomputeReport> {
  const fixtures = await readSeasonFixtures(es, indices.fixtures, seasonId);
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

  const operations: Array<estypes.BulkOperationContainer | object> = [];
  for (const document of documents) operations.push({ index: { _index: indices.standings, _id: document.id } }, document.doc);
  for (const id of stale) operations.push({ delete: { _index: indices.standings, _id: id } });
  if (operations.length > 0) {
    const response = await es.bulk({ operations });
    const failed = response.items.find((item) => {
      const result = item.index ?? item.delete;
      return result?.error !== undefined && !(item.delete && result.status === 404);
    });
    if (failed) throw new Error(`Standings of season ${seasonId}: ${JSON.stringify((failed.index ?? failed.delete)?.error)}`);
  }
  const fixturesRepositioned = await writeParticipantPositions(es, indices, fixtures, positionsOf(rows));
  return { seasonId, rows: documents.length, deleted: stale.length, fixturesRepositioned };
}

/** Ids of a season's stored rows (a season has at most a few hundred). */
async function standingIdsOfSeason(es: Client, standingsIndex: string, seasonId: number): Promise<string[]> {
  const ids: string[] = [];
  const rows = searchPages(es, {
    index: standingsIndex,
    _source: false,
    query: { term: { season_id: seasonId } },
    sort: [{ sort_key: "asc" }, { team_id: "asc" }],
  });
  for await (const hits of rows) {
    for (const hit of hits) if (hit._id) ids.push(hit._id);
  }
  return ids;
}
