import type { MetricEntry, Score } from "../../../../src/domain/fixture-parts.js";
import { packOdds } from "../../../../src/domain/fixture/packed-odds.js";
import type { PricingFixture } from "../../../../src/domain/bet-builders/fixture-state.js";
import { predictionMetrics } from "../../../../src/domain/football/metrics/predictions.js";
import { matchProbabilities } from "../../../../src/domain/football/model/poisson.js";
import { priceFixture } from "../../../../src/domain/football/odds/price-fixture.js";

export const FIXTURE_ID = 4242;
export const HOME = 1;
export const AWAY = 2;
const KICKOFF = Date.UTC(2026, 10, 21, 15, 0, 0) / 1000;

export type TestFixture = PricingFixture & { metrics: MetricEntry[] };

/** A fixture priced by the production odds model, before kick-off or in play at `minute` with `score`. */
export function pricedFixture(options: { live?: { minute: number; home: number; away: number } } = {}): TestFixture {
  const means = { home: 1.6, away: 1.1 };
  const probabilities = matchProbabilities(means);
  const live = options.live;
  const priced = priceFixture({
    seed: `odds:${FIXTURE_ID}`,
    fixtureId: FIXTURE_ID,
    kickoffUnix: KICKOFF,
    nowUnix: live ? KICKOFF + live.minute * 60 : KICKOFF - 3600,
    probabilities,
    expectedGoals: means,
    state: live ? "live" : "pre",
    ...(live ? { live: { minute: live.minute, homeGoals: live.home, awayGoals: live.away, suspendedShare: 0 } } : {}),
  });
  return {
    id: FIXTURE_ID,
    date_time: new Date(KICKOFF * 1000).toISOString(),
    status: live ? "INPLAY_2ND_HALF" : "NOT_STARTED",
    is_live: Boolean(live),
    minute: live?.minute ?? null,
    league: { id: 9 },
    home_team_id: HOME,
    away_team_id: AWAY,
    scores: live ? scores({ CURRENT: [live.home, live.away] }) : [],
    odds: packOdds(priced.odds),
    metrics: predictionMetrics({ homeTeamId: HOME, awayTeamId: AWAY, probabilities, expectedGoals: means, leagueAverageGoals: 2.7 }),
  };
}

export function scores(values: Partial<Record<Score["developer_name"], [number, number]>>): Score[] {
  return Object.entries(values).flatMap(([developer_name, [home, away]]) => [
    { fixture_id: FIXTURE_ID, team_id: HOME, value: home, developer_name: developer_name as Score["developer_name"] },
    { fixture_id: FIXTURE_ID, team_id: AWAY, value: away, developer_name: developer_name as Score["developer_name"] },
  ]);
}
