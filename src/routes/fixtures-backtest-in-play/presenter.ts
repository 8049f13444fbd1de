import { averageMinute, byMinute, inPlayFairOdds, OUTCOMES, strikeRate, type Outcome } from "../../domain/backtest/in-play-figures.js";
import type { z } from "../../openapi/zod.js";
import type { InPlayHits, NamedInPlayCounts } from "../../domain/backtest/in-play-counts.js";
import type { InPlayBacktestResponseSchema } from "./schema.js";

/** Every outcome's hits, `no_goal_after` the fixtures that fired without a goal after. */
function allHits(fired: number, hits: InPlayHits): Record<Outcome, number> {
  return Object.fromEntries(OUTCOMES.map((outcome) => [outcome, outcome === "no_goal_after" ? fired - hits.goal_after : hits[outcome]])) as Record<Outcome, number>;
}

/** The response body of GET /fixtures/backtest/in-play, field by field (nothing stored leaks through), of the documented shape. */
export function presentInPlayBacktest(counts: NamedInPlayCounts): z.input<typeof InPlayBacktestResponseSchema> {
  const hits = allHits(counts.fired, counts.hits);
  return {
    in_play: { fixtures: counts.fixtures, fired: counts.fired, first_minute_average: averageMinute(counts.minuteSum, counts.fired) },
    outcomes: OUTCOMES.map((outcome) => ({
      outcome,
      hits: hits[outcome],
      strike_rate: strikeRate(hits[outcome], counts.fired),
      fair_odds: inPlayFairOdds(hits[outcome], counts.fired),
    })),
    by_minute: byMinute(counts.firedFrom),
    by_league: counts.leagues.map((league) => ({ league: { id: league.id, name: league.name }, fired: league.fired, hits: allHits(league.fired, league.hits) })),
  };
}
