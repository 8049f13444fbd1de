/**
 * A partial change to a fixture, as a live feed delivers it, and its merge into the stored
 * document. Pure: the update module (apply-update.ts) reads, merges and writes conditionally.
 * Match-state fields replace the stored ones whole (a feed sends the current scores, not a
 * diff), odds merge per odd (odds-merge.ts); `is_live` follows the status. The indexed-only
 * `effective`, `settled_selections`, `final_result` and `search` are the writer's job (they are not in `_source`),
 * and so are the windowed statistics (`CORNERS_LAST_10`, ...), recomputed here from the trends.
 */
import { isFinished, isInPlay, type FixtureStatus } from "../domain/types/statuses.js";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import type { CompactTrends, Period, Score, StatEntry } from "../domain/fixture-parts.js";
import { packTrends, unpackTrends } from "../domain/fixture/packed-trends.js";
import { withWindowedStatistics } from "../domain/fixture/windowed-statistics.js";
import { mergeOdds, type OddChange, type OddsEffects } from "./odds-merge.js";

export type { OddChange } from "./odds-merge.js";

export type FixtureChange = {
  status?: FixtureStatus;
  minute?: number | null;
  scores?: Score[];
  periods?: Period[];
  statistics?: StatEntry[];
  trends?: CompactTrends | null;
  odds?: OddChange[];
};

/** The stored part of a fixture document (what a GET returns). */
export type StoredFixture = Omit<FixtureDocument, "effective" | "settled_selections" | "final_result" | "search">;

export type ChangeEffects = OddsEffects & {
  /** Something a reader can see changed (else nothing is written). */
  changed: boolean;
  statusChanged: boolean;
  /** The fixture reached a final status (FT, AWARDED) with this change. */
  finished: boolean;
};

/** When the change happens: `nowUnix` stamps odds (the match clock), `updatedAt` the document (the wall clock). */
export type ChangeMoment = { nowUnix: number; updatedAt: string };

const MATCH_FIELDS = ["status", "is_live", "minute", "scores", "periods", "statistics", "trends"] as const;

export function mergeFixtureChange(doc: StoredFixture, change: FixtureChange, at: ChangeMoment): { doc: StoredFixture; effects: ChangeEffects } {
  const next: StoredFixture = { ...doc };
  if (change.status !== undefined) {
    next.status = change.status;
    next.is_live = isInPlay(change.status);
  }
  if (change.minute !== undefined) next.minute = change.minute;
  if (change.scores) next.scores = change.scores;
  if (change.periods) next.periods = change.periods;
  if (change.statistics) next.statistics = change.statistics;
  if (change.trends !== undefined) next.trends = change.trends && change.trends.series.length > 0 ? packTrends(change.trends) : null;
  // The windowed statistics are the writer's to keep: recomputed from the trends of this state.
  if (change.statistics || change.trends !== undefined) {
    const trends = change.trends !== undefined ? change.trends : next.trends ? unpackTrends(next.trends) : null;
    next.statistics = withWindowedStatistics(next.statistics ?? [], trends, { home: doc.home_team_id, away: doc.away_team_id });
  }

  const merged = change.odds?.length ? mergeOdds(doc.id, { odds: doc.odds ?? [], movement: doc.movement ?? [] }, change.odds, at.nowUnix) : null;
  if (merged) {
    next.odds = merged.odds;
    next.movement = merged.movement;
  }
  const oddsEffects = merged?.effects ?? { repriced: [], suspended: [], restored: [], settled: [] };
  const oddsChanged = merged?.changed ?? false;
  const matchChanged = MATCH_FIELDS.some((field) => JSON.stringify(next[field]) !== JSON.stringify(doc[field]));
  const changed = oddsChanged || matchChanged;
  if (changed) next.updated_at = at.updatedAt;
  return {
    doc: changed ? next : doc,
    effects: {
      ...oddsEffects,
      changed,
      statusChanged: next.status !== doc.status,
      finished: !isFinished(doc.status) && isFinished(next.status),
    },
  };
}
