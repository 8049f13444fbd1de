/**
 * GET /fixtures/backtest/in-play as one search: Elasticsearch decides where a rule fired (the
 * conditions compiled by in-play-clauses.ts on the states, the pre-match metrics by where-clauses.ts
 * on `effective`) and counts everything the response says with aggregations.
 *
 * - `fixtures`: the hits, finished fixtures in range with states (`in_play_final` is their marker).
 * - `fired`: those with a state where the rule fires and whose metrics hold.
 * - the outcomes, on the fixtures that fired: the 90-minute result from `in_play_final`, and a goal
 *   (home, away) after the first fire as "after some state where it fired" (goals only grow;
 *   domain/fixture/in-play-states.ts); the same per league.
 * - the minute of the first fire: for every state a rule can fire at (in match order), the fixtures
 *   that had fired by then, one `range` bucket each ("order below the next state") over the states
 *   where it fires, counted as fixtures by `reverse_nested`. Their differences are the first fires
 *   (domain/backtest/in-play-figures.ts).
 */
import type { estypes } from "@elastic/elasticsearch";
import { OUTCOMES, statesWithin, type MinuteRange, type Outcome } from "../../domain/backtest/in-play-figures.js";
import type { WhereCondition } from "../fixtures-search/conditions.js";
import { whereClauses } from "../fixtures-search/where-clauses.js";
import { MAX_LEAGUES } from "./backtest-request.js";
import { firedOn, STATES_PATH, stateMatch } from "./in-play-clauses.js";

/** Validated GET /fixtures/backtest/in-play input, as the router hands it over. */
export type InPlayBacktestInput = {
  leagueIds?: readonly number[] | undefined;
  /** Conditions on pre-match metrics (held by the fixture's `effective`). */
  metrics: readonly WhereCondition[];
  /** Conditions on in-play values (held by each state). */
  inPlay: readonly WhereCondition[];
  /** Kick-off from this instant (inclusive) to `end` (exclusive): whole UTC days. */
  start: Date;
  end: Date;
  minutes: MinuteRange;
};

/** The 90-minute result and goals of a fixture with states (in-play-states.ts, `InPlayFinal`). */
const FINAL = "in_play_final";

/** Fixtures in range with states: the population a strike rate is taken over. */
function inRange(input: InPlayBacktestInput): estypes.QueryDslQueryContainer[] {
  return [
    { range: { date_time: { gte: input.start.toISOString(), lt: input.end.toISOString() } } },
    ...(input.leagueIds ? [{ terms: { "league.id": [...input.leagueIds] } }] : []),
    { exists: { field: `${FINAL}.goals` } },
  ];
}

/** The fixtures where the rule fired: its metrics hold and it fires at a state of the minute range. */
function fired(input: InPlayBacktestInput): estypes.QueryDslQueryContainer {
  return { bool: { filter: [...whereClauses(input.metrics), firedOn(input.inPlay, input.minutes)] } };
}

/** Each outcome but `no_goal_after` (fired - goal_after) as a filter on a fixture that fired. */
function outcomeFilters(input: InPlayBacktestInput): Record<Exclude<Outcome, "no_goal_after">, estypes.QueryDslQueryContainer> {
  const after = (field: string) => firedOn(input.inPlay, input.minutes, [{ term: { [`${STATES_PATH}.${field}`]: true } }]);
  const goalsOver = (line: number) => ({ range: { [`${FINAL}.goals`]: { gt: line } } });
  return {
    goal_after: after("goal_after"),
    home_goal_after: after("home_goal_after"),
    away_goal_after: after("away_goal_after"),
    home_win: { term: { [`${FINAL}.result`]: "home" } },
    draw: { term: { [`${FINAL}.result`]: "draw" } },
    away_win: { term: { [`${FINAL}.result`]: "away" } },
    over_0_5: goalsOver(0.5),
    over_1_5: goalsOver(1.5),
    over_2_5: goalsOver(2.5),
    over_3_5: goalsOver(3.5),
    over_4_5: goalsOver(4.5),
    btts: { term: { [`${FINAL}.both_scored`]: true } },
  };
}

/** The outcomes listed, none missing (a check that the builder and the figures agree). */
export const COUNTED_OUTCOMES: readonly Outcome[] = OUTCOMES.filter((outcome) => outcome !== "no_goal_after");

/**
 * The fixtures that had fired by each state, keyed by the state's order: a fixture is in the bucket
 * of every state at or after its first fire (`range` buckets may overlap), and counted once there
 * (`reverse_nested`: the fixtures of the states in the bucket).
 */
function firedByState(input: InPlayBacktestInput): estypes.AggregationsAggregationContainer {
  const ranges = statesWithin(input.minutes).map((slot) => ({ key: String(slot.order), to: slot.order + 1 }));
  return {
    nested: { path: STATES_PATH },
    aggs: {
      firing: {
        filter: stateMatch(input.inPlay, input.minutes),
        aggs: { by_state: { range: { field: `${STATES_PATH}.order`, keyed: true, ranges }, aggs: { fixtures: { reverse_nested: {} } } } },
      },
    },
  };
}

export function inPlayBacktestRequest(input: InPlayBacktestInput, index: string): estypes.SearchRequest {
  const outcomes = { filters: { filters: outcomeFilters(input) } };
  return {
    index,
    size: 0,
    track_total_hits: true,
    allow_partial_search_results: false,
    query: { bool: { filter: inRange(input) } },
    aggs: {
      fired: {
        filter: fired(input),
        aggs: {
          outcomes,
          by_league: { terms: { field: "league.id", size: MAX_LEAGUES, order: { _key: "asc" } }, aggs: { outcomes } },
          states: firedByState(input),
        },
      },
    },
  };
}
