/**
 * What a written live update sets off beyond its fixture:
 * - odds or status changed: the fixture's bet builders are priced again (bet-builders/reprice.ts):
 *   new `value` and `last_priced_at`, suspended while a selection is suspended, back when it
 *   returns, settled when the match is over, and their copy of the fixture's state refreshed;
 * - the fixture finished: its season's standings are recomputed, which also moves the
 *   participants' positions in the season's fixtures (standings/recompute.ts).
 */
import type { Client } from "@elastic/elasticsearch";
import { repriceForFixtures } from "../bet-builders/reprice.js";
import { recomputeSeasonStandings } from "../standings/recompute.js";
import { refreshIndex } from "../store/index-state.js";
import type { IndexNames } from "../store/index-names.js";
import type { UpdateResult } from "./apply-update.js";

export type FollowUpReport = { betBuildersUpdated: number };

export async function runFollowUps(
  es: Client,
  indices: Pick<IndexNames, "fixtures" | "fixtures_history" | "fixtures_all" | "bet_builders" | "standings" | "teams">,
  results: readonly UpdateResult[],
  now: Date = new Date(),
): Promise<FollowUpReport> {
  const written = results.filter((result) => result.written);
  const toPrice = written.filter(({ effects }) => effects.statusChanged || effects.repriced.length + effects.suspended.length + effects.restored.length + effects.settled.length > 0);
  const priced = toPrice.length > 0 ? await repriceForFixtures(es, indices, toPrice.map((result) => result.fixtureId), now) : null;
  const seasons = [...new Set(written.filter((result) => result.effects.finished).map((result) => result.seasonId))];
  if (seasons.length > 0) {
    // The tables read the season's fixtures with a search, which sees only refreshed writes.
    await refreshIndex(es, indices.fixtures_all);
    for (const seasonId of seasons) await recomputeSeasonStandings(es, indices, seasonId, now);
  }
  return { betBuildersUpdated: priced?.updated ?? 0 };
}
