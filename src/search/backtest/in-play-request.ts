/**
 * GET /fixtures/backtest/in-play as a count and a search per part of the kick-off range:
 * Elasticsearch decides where a rule first fired (the conditions compiled by in-play-clauses.ts on
 * the states, the pre-match metrics by where-clauses.ts on `effective`) and counts everything the
 * response says with aggregations.
 *
 * - `fixtures`: the hits, finished fixtures in range with states (`in_play_final` is their marker).
 * - The fixtures whose metrics hold (a filter; none without metric conditions), and among their
 *   states those where the rule fires (`nested`, then a filter).
 * - The state where each fixture first fired: a fixture's states are its nested documents in
 *   match order, so Elasticsearch meets its first firing state before the others, and
 *   `diversified_sampler` keeps one state per fixture (`fixture_id`), the first met when every
 *   score ties (they all do: the query only filters). Its count is `fired`. `shard_size` must hold
 *   every fixture that fired: the caller passes the fixtures in range (`inPlayRangeRequest`).
 * - Under that sample of first fires, everything else: the minute in 5-minute buckets and the sum
 *   of the minutes (the mean, exactly); the goals that followed (flags of the state); back on the
 *   fixtures (`reverse_nested`), the 90-minute result from `in_play_final`; the same per league.
 *
 * Why parts: the sampler ranks what it keeps, so the node searches a shard holding it on one
 * thread, segment after segment, and over all history that thread reads every state of every
 * fixture, seconds of work. A wide range is asked as a few searches of disjoint kick-off ranges
 * at once (cut where `inPlayRangeRequest` says), and their counts are added
 * (domain/backtest/in-play-counts.ts): the same work on more cores, where the node's search slots
 * of expensive requests allow it (src/rate-limit/node-search-slots.ts).
 */
import type { estypes } from "@elastic/elasticsearch";
import { BUCKET_MINUTES, LAST_MINUTE, type MinuteRange } from "../../domain/backtest/in-play-figures.js";
import type { WhereCondition } from "../fixtures-search/conditions.js";
import { whereClauses } from "../fixtures-search/where-clauses.js";
import { MAX_LEAGUES } from "./backtest-request.js";
import { STATES_PATH, stateMatch } from "./in-play-clauses.js";

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

/**
 * How many fixtures are in range with states (at most that many fired: the sample's size), and
 * the kick-off instants that cut them into `parts` about equal parts (`kickOffParts`): a percentile
 * of each cut, whose exact place does not matter, as any cut gives the same sums.
 */
export function inPlayRangeRequest(input: InPlayBacktestInput, index: string, parts: number): estypes.SearchRequest {
  const cuts = Array.from({ length: parts - 1 }, (_, i) => (100 * (i + 1)) / parts);
  return {
    index,
    size: 0,
    track_total_hits: true,
    query: { bool: { filter: inRange(input) } },
    ...(cuts.length > 0 ? { aggs: { cuts: { percentiles: { field: "date_time", percents: cuts, keyed: false } } } } : {}),
  };
}

/** A part of the kick-off range: from `from` (inclusive) to `to` (exclusive), either open. */
export type KickOffPart = { from?: string; to?: string };

/** The parts between the cuts (epoch milliseconds, any order, repeats dropped): one more than the distinct cuts. */
export function kickOffParts(cuts: readonly number[]): KickOffPart[] {
  const instants = [...new Set(cuts.map((cut) => new Date(Math.floor(cut)).toISOString()))].sort();
  // Part i runs from cut i - 1 to cut i: the first is open below, the last open above.
  return Array.from({ length: instants.length + 1 }, (_, i) => ({
    ...(i > 0 ? { from: instants[i - 1]! } : {}),
    ...(i < instants.length ? { to: instants[i]! } : {}),
  }));
}

function partFilter(part: KickOffPart): estypes.QueryDslQueryContainer[] {
  if (part.from === undefined && part.to === undefined) return [];
  return [{ range: { date_time: { ...(part.from !== undefined ? { gte: part.from } : {}), ...(part.to !== undefined ? { lt: part.to } : {}) } } }];
}

/** What followed the first fire, on its state: a goal, a home goal, an away goal (in-play-states.ts). */
const GOALS_AFTER = ["goal_after", "home_goal_after", "away_goal_after"] as const;

/** The 90-minute outcomes, on a fixture. */
function finalFilters(): Record<string, estypes.QueryDslQueryContainer> {
  const goalsOver = (line: number) => ({ range: { [`${FINAL}.goals`]: { gt: line } } });
  return {
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

const byLeague = (aggs?: Record<string, estypes.AggregationsAggregationContainer>): estypes.AggregationsAggregationContainer => ({
  terms: { field: "league.id", size: MAX_LEAGUES, order: { _key: "asc" } },
  ...(aggs ? { aggs } : {}),
});

/** Everything counted on the first fires (one state per fixture that fired). */
function onFirstFires(): Record<string, estypes.AggregationsAggregationContainer> {
  const final = { filters: { filters: finalFilters() } };
  return {
    minutes: {
      histogram: { field: `${STATES_PATH}.minute`, interval: BUCKET_MINUTES, offset: 1, min_doc_count: 0, extended_bounds: { min: 1, max: LAST_MINUTE } },
    },
    minute_sum: { sum: { field: `${STATES_PATH}.minute` } },
    after: {
      filters: { filters: Object.fromEntries(GOALS_AFTER.map((flag) => [flag, { term: { [`${STATES_PATH}.${flag}`]: true } }])) },
      aggs: { fixtures: { reverse_nested: {}, aggs: { by_league: byLeague() } } },
    },
    fixtures: { reverse_nested: {}, aggs: { final, by_league: byLeague({ final }) } },
  };
}

/** The search of the fixtures of `part` of the range; `candidates`, the fixtures of the whole range, bounds the first fires. */
export function inPlayBacktestRequest(input: InPlayBacktestInput, index: string, candidates: number, part: KickOffPart = {}): estypes.SearchRequest {
  return {
    index,
    size: 0,
    track_total_hits: true,
    allow_partial_search_results: false,
    query: { bool: { filter: [...inRange(input), ...partFilter(part)] } },
    aggs: {
      metrics_hold: {
        filter: { bool: { filter: whereClauses(input.metrics) } },
        aggs: {
          states: {
            nested: { path: STATES_PATH },
            aggs: {
              firing: {
                filter: stateMatch(input.inPlay, input.minutes),
                aggs: {
                  first: {
                    diversified_sampler: { field: `${STATES_PATH}.fixture_id`, max_docs_per_value: 1, shard_size: Math.max(1, candidates) },
                    aggs: onFirstFires(),
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}
