/**
 * One fixture of the live slate as the simulator moves it: its seeded match script (the same
 * one the rebuild plays, src/enrich/match/script.ts) and what its odds are priced from. At any
 * instant `changeAt` gives the complete state a feed would send: status, minute, scores,
 * periods, statistics and trends from the projection, every odd priced exactly as a rebuild at
 * that instant would price it (the pre-match probabilities follow from the stored expected
 * goals), live markets suspended for the minute after a goal, and the in-play odds settled
 * on the 90-minute score at full time.
 */
import { isInPlay } from "../domain/types/statuses.js";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { projectMatch, type MatchState } from "../domain/football/match/projection.js";
import { simulateMatch, type MatchScript } from "../domain/football/match/script.js";
import { DEFAULT_STRENGTH_OPTIONS } from "../domain/football/model/strength.js";
import { matchProbabilities } from "../domain/football/model/poisson.js";
import { BOOKMAKERS, LIVE_SELECTIONS } from "../domain/football/odds/markets.js";
import { oddId } from "../domain/football/odds/odd-id.js";
import { priceFixture } from "../domain/football/odds/price-fixture.js";
import { settleOdd } from "../domain/football/odds/settlement.js";
import { playedOutcome } from "../domain/football/match/played-outcome.js";
import { fixturePriceInput, type PricedMatch } from "../domain/football/odds/price-input.js";
import type { FixtureChange, OddChange } from "./fixture-change.js";

/** The stored fields the simulator reads. */
export const SLATE_FIXTURE_FIELDS = ["id", "date_time", "home_team_id", "away_team_id", "simulation"] as const;
export type SlateFixture = Pick<FixtureDocument, (typeof SLATE_FIXTURE_FIELDS)[number]>;

export type LiveFixture = { id: number; kickoffUnix: number; script: MatchScript; priced: PricedMatch };

/** A fixture the simulator may move: only simulated ones (a real fixture keeps its real result). */
export function liveFixtureOf(doc: SlateFixture): LiveFixture | null {
  const simulation = doc.simulation;
  if (!simulation?.simulated) return null;
  const kickoffUnix = Math.floor(Date.parse(doc.date_time) / 1000);
  const script = simulateMatch({
    seed: simulation.seed,
    fixtureId: doc.id,
    homeTeamId: doc.home_team_id,
    awayTeamId: doc.away_team_id,
    kickoffUnix,
    expectedGoals: simulation.expected_goals,
    knockout: simulation.knockout,
  });
  return {
    id: doc.id,
    kickoffUnix,
    script,
    priced: {
      fixtureId: doc.id,
      kickoffUnix,
      expectedGoals: simulation.expected_goals,
      // What the strength model gave the rebuild: its probabilities are a function of these means.
      probabilities: matchProbabilities(simulation.expected_goals, DEFAULT_STRENGTH_OPTIONS.rho),
    },
  };
}

/** Where a fixture's match stands at an instant: enough to tell whether anything needs writing. */
export type Projection = {
  nowUnix: number;
  state: MatchState;
  goalJustScored: boolean;
  /** Equal keys mean nothing but a period's running seconds changed: no need to write. */
  key: string;
};

export type ProjectedChange = Projection & { change: FixtureChange };

const GOAL_SUSPENSION_SECONDS = 60;

/** The match state at `nowUnix` and its key; cheap, so the simulator runs it every tick. */
export function projectionAt(fixture: LiveFixture, nowUnix: number): Projection {
  const state = projectMatch(fixture.script, { kind: "live", nowUnix });
  const goalJustScored = isInPlay(state.status) && totalGoals(projectMatch(fixture.script, { kind: "live", nowUnix: nowUnix - GOAL_SUSPENSION_SECONDS })) < totalGoals(state);
  const periodsKey = state.periods.map((period) => `${period.period_id}:${period.minutes}:${period.ended ?? "-"}`).join(",");
  // Before kick-off the pre-match prices move on their own schedule: look again every minute.
  const clockKey = state.status === "NOT_STARTED" ? Math.floor(nowUnix / 60) : "";
  const key = [state.status, state.minute, periodsKey, totalGoals(state), state.shootout?.home, state.shootout?.away, goalJustScored, clockKey].join("|");
  return { nowUnix, state, goalJustScored, key };
}

/**
 * The complete change a feed would send for a projection, every odd priced as a rebuild
 * at that instant would price it. Pricing is most of the cost: the simulator asks for it
 * only when the projection's key changed.
 */
export function changeOf(fixture: LiveFixture, { nowUnix, state, goalJustScored }: Projection): FixtureChange {
  const outcome = playedOutcome(state);
  const priced = priceFixture(fixturePriceInput(fixture.priced, outcome, nowUnix));
  const odds: OddChange[] = priced.odds.map((odd) => ({
    odd_id: odd.odd_id,
    value: odd.value,
    sp: odd.sp,
    suspend: odd.is_live === 1 && goalJustScored ? 1 : odd.suspend,
    status: odd.status,
    home_score: odd.home_score,
    away_score: odd.away_score,
  }));
  if (state.status === "FT") odds.push(...settledLiveOdds(fixture.id, outcome.kind === "played" ? outcome : null));
  return {
    status: state.status,
    minute: isInPlay(state.status) ? state.minute : null,
    scores: state.scores,
    periods: state.periods,
    statistics: state.statistics,
    trends: state.trends,
    odds,
  };
}

export function changeAt(fixture: LiveFixture, nowUnix: number): ProjectedChange {
  const projection = projectionAt(fixture, nowUnix);
  return { ...projection, change: changeOf(fixture, projection) };
}

function totalGoals(state: MatchState): number {
  return state.goals.home + state.goals.away;
}

/** Every in-play odd of the fixture settled on the 90-minute score (a rebuild offers none after the whistle). */
function settledLiveOdds(fixtureId: number, outcome: { final90: { home: number; away: number }; halfTime: { home: number; away: number } } | null): OddChange[] {
  if (!outcome) return [];
  const final = { homeGoals: outcome.final90.home, awayGoals: outcome.final90.away, htHome: outcome.halfTime.home, htAway: outcome.halfTime.away };
  return BOOKMAKERS.flatMap((bookmaker) =>
    LIVE_SELECTIONS.map((selection) => ({
      odd_id: oddId({ fixtureId, isLive: 1, bookmakerId: bookmaker.id, marketId: selection.market.id, slot: selection.slot }),
      status: settleOdd({ market_id: selection.market.id, label_id: selection.label.id, line: selection.line }, final).status,
      suspend: 0 as const,
    })),
  );
}
