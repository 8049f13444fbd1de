import type { Client } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import type { StandingRow } from "../domain/standings/compute.js";
import { readTeamNames } from "../store/team-reads.js";
import { readVersionedFixtures, type FixtureFamilies } from "../store/fixture-reads.js";
import { updateIfUnchanged } from "../store/versioned-documents.js";
import { derivedFixtureFields } from "./fixture-derived.js";
import type { SeasonFixture } from "./season-fixtures.js";

/**
 * Participants' `position` is the team's rank in the season's current table of the
 * fixture's stage (docs/api-behaviour.md, "Participant position"), so it is refreshed
 * whenever a season's tables are recomputed.
 */

/** Rank by stage and team; a team in a group has its group's rank. */
export function positionsOf(rows: readonly StandingRow[]): Map<string, number> {
  return new Map(rows.map((row) => [positionKey(row.stage?.id ?? 0, row.team.id), row.position]));
}

function positionKey(stageId: number, teamId: number): string {
  return `${stageId}:${teamId}`;
}

/** The participants with their current positions, or null when none changed. */
export function repositioned(
  fixture: Pick<SeasonFixture, "stage" | "participants">,
  positions: ReadonlyMap<string, number>,
): FixtureDocument["participants"] | null {
  const stageId = fixture.stage?.id ?? 0;
  let changed = false;
  const participants = fixture.participants.map((participant) => {
    const position = positions.get(positionKey(stageId, participant.id)) ?? null;
    if (position !== participant.position) changed = true;
    return { ...participant, position };
  });
  return changed ? participants : null;
}

type StoredParts = Pick<FixtureDocument, "id" | "status" | "odds" | "date_time" | "league" | "participants" | "statistics" | "metrics" | "home_team_id" | "away_team_id" | "scores" | "trends">;

const MAX_ATTEMPTS = 5;

/**
 * Writes new participant positions into fixture documents. A partial update re-indexes
 * the stored `_source`, which lacks the indexed-only fields (`effective`, `in_play`, `search`, ...), so they
 * are recomputed and sent along (fixture-derived.ts), as every fixture writer must.
 * Each write is conditional on the version just read (`if_seq_no`); a fixture a live
 * update changed in between is read again and retried, so neither write is lost.
 * `updated_at` becomes `now`, as for every change of a fixture: the streams' change feed
 * reads writes by it, and without it a stream would show the old positions until a membership
 * check happened on the difference (seconds later). Returns the number of fixtures updated.
 */
export async function writeParticipantPositions(
  es: Client,
  indices: FixtureFamilies & { teams: string },
  fixtures: readonly SeasonFixture[],
  positions: ReadonlyMap<string, number>,
  now: Date = new Date(),
): Promise<number> {
  const changed = fixtures.filter((fixture) => repositioned(fixture, positions) !== null);
  let pending = changed.map((fixture) => String(fixture.id));
  const teamNames = await readTeamNames(es, indices.teams, changed.flatMap((fixture) => fixture.participants.map((p) => p.id)));
  let updated = 0;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > MAX_ATTEMPTS) throw new Error(`Participant positions: ${pending.length} fixture(s) kept changing; gave up`);
    const read = await readVersionedFixtures<StoredParts & Pick<FixtureDocument, "stage">>(es, indices, pending, ["id", "status", "odds", "date_time", "league", "participants", "statistics", "metrics", "home_team_id", "away_team_id", "scores", "trends", "stage"]);
    const conflicts: string[] = [];
    for (const [family, stored] of read) {
      const writes = stored.flatMap((one) => {
        const participants = repositioned(one.doc, positions);
        if (!participants) return [];
        const doc = { participants, ...derivedFixtureFields({ ...one.doc, participants }, teamNames, family), updated_at: now.toISOString() };
        return [{ id: one.id, version: one, doc }];
      });
      if (writes.length === 0) continue;
      const outcome = await updateIfUnchanged(es, indices[family], writes);
      if (outcome.failure) throw new Error(`Participant positions of fixture ${outcome.failure.id}: ${outcome.failure.reason}`);
      conflicts.push(...outcome.conflicts);
      updated += outcome.written.length;
    }
    pending = conflicts;
  }
  return updated;
}
