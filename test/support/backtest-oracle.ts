/**
 * An independent recomputation of GET /fixtures/backtest from fixtures as GET /fixtures presents
 * them (include=odds,metrics): which fixtures a rule matches (read from `metrics`), each bet's
 * result settled here from the scores, and every figure, in plain loops. It shares nothing with
 * the endpoint but the documented rounding, so a difference is a bug on one side.
 */

export type OracleFixture = {
  id: number;
  date_time: string;
  status: string;
  league: { id: number; name: string };
  participants: Array<{ id: number; location: "home" | "away" }>;
  scores: Array<{ team_id: number; value: number; developer_name: string }>;
  metrics?: Array<{ developer_name: string; team_id: number; value: number }>;
  odds?: Array<{ market_id: number; label_id: number; line: number; bookmaker_id: number; is_live: number; sp: number }>;
};

export type OracleRule = {
  where: Array<{ name: string; min: number; max: number; location: "HOME" | "AWAY" | "LEAGUE" }>;
  leagueIds?: number[];
  /** Plain UTC days, both inclusive. */
  startDate: string;
  endDate: string;
  marketId: number;
  labelId: number;
  line: number;
  /** undefined: the best starting price among bookmakers. */
  bookmakerId?: number;
};

const DAY_MS = 86_400_000;

/** The documented rounding: half away from zero at the given decimals, as Math.round does on the scaled value. */
const rounded = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Where a presented metric belongs: team_id 0 is the match (LEAGUE), else the side of that team. */
export function metricLocation(fixture: OracleFixture, teamId: number): "HOME" | "AWAY" | "LEAGUE" | undefined {
  if (teamId === 0) return "LEAGUE";
  const side = fixture.participants.find((p) => p.id === teamId)?.location;
  return side === "home" ? "HOME" : side === "away" ? "AWAY" : undefined;
}

function matches(fixture: OracleFixture, rule: OracleRule): boolean {
  const kickoff = Date.parse(fixture.date_time);
  if (kickoff < Date.parse(`${rule.startDate}T00:00:00Z`) || kickoff >= Date.parse(`${rule.endDate}T00:00:00Z`) + DAY_MS) return false;
  if (rule.leagueIds && !rule.leagueIds.includes(fixture.league.id)) return false;
  return rule.where.every((condition) =>
    (fixture.metrics ?? []).some(
      (metric) =>
        metric.developer_name === condition.name &&
        metricLocation(fixture, metric.team_id) === condition.location &&
        metric.value >= condition.min &&
        metric.value <= condition.max,
    ),
  );
}

/** Goals of one side in a score entry kind; 0 when the fixture has no such entry (an awarded one has only CURRENT). */
function goals(fixture: OracleFixture, location: "home" | "away", kind: string): number | undefined {
  const teamId = fixture.participants.find((p) => p.location === location)?.id;
  return fixture.scores.find((score) => score.team_id === teamId && score.developer_name === kind)?.value;
}

/**
 * won or lost from the scores: full-time markets on the 90-minute score (2ND_HALF holds it; an
 * awarded fixture has only CURRENT), Half Time Result on 1ST_HALF (0-0 without one).
 */
export function settleFromScores(fixture: OracleFixture, marketId: number, labelId: number, line: number): "won" | "lost" | "void" {
  const home = goals(fixture, "home", "2ND_HALF") ?? goals(fixture, "home", "CURRENT") ?? 0;
  const away = goals(fixture, "away", "2ND_HALF") ?? goals(fixture, "away", "CURRENT") ?? 0;
  const htHome = goals(fixture, "home", "1ST_HALF") ?? 0;
  const htAway = goals(fixture, "away", "1ST_HALF") ?? 0;
  const outcome = (h: number, a: number) => (h > a ? 1 : h === a ? 2 : 3);
  const wins = (() => {
    switch (marketId) {
      case 1:
        return outcome(home, away) === labelId;
      case 5:
        return outcome(htHome, htAway) === labelId;
      case 2:
        if (home + away === line) return undefined;
        return labelId === 4 ? home + away > line : home + away < line;
      case 3:
        return (home > 0 && away > 0) === (labelId === 6);
      case 4:
        return labelId === 8 ? home >= away : labelId === 9 ? home !== away : away >= home;
    }
    throw new Error(`oracle: no rule for market ${marketId}`);
  })();
  return wins === undefined ? "void" : wins ? "won" : "lost";
}

type Bet = { fixture: OracleFixture; sp: number; result: "won" | "lost" | "void"; profitMilli: number };

function betOf(fixture: OracleFixture, rule: OracleRule): Bet | null {
  if (fixture.status !== "FT" && fixture.status !== "AWARDED") return null;
  const prices = (fixture.odds ?? [])
    .filter((odd) => odd.is_live === 0 && odd.market_id === rule.marketId && odd.label_id === rule.labelId && odd.line === rule.line)
    .filter((odd) => rule.bookmakerId === undefined || odd.bookmaker_id === rule.bookmakerId)
    .map((odd) => odd.sp);
  if (prices.length === 0) return null;
  const sp = Math.max(...prices);
  const result = settleFromScores(fixture, rule.marketId, rule.labelId, rule.line);
  const spCents = Math.round(sp * 100);
  const profitMilli = result === "won" ? (spCents - 100) * 10 : result === "lost" ? -1000 : 0;
  return { fixture, sp: spCents, result, profitMilli };
}

export function oracleBacktest(fixtures: readonly OracleFixture[], rule: OracleRule) {
  const matched = fixtures.filter((fixture) => matches(fixture, rule));
  const bets = matched
    .flatMap((fixture) => betOf(fixture, rule) ?? [])
    .sort((a, b) => Date.parse(a.fixture.date_time) - Date.parse(b.fixture.date_time) || a.fixture.id - b.fixture.id);
  const count = (list: Bet[], result: string) => list.filter((bet) => bet.result === result).length;
  const profit = (list: Bet[]) => list.reduce((sum, bet) => sum + bet.profitMilli, 0);
  const won = count(bets, "won");
  const lost = count(bets, "lost");
  let running = 0;
  let peak = 0;
  let drawdown = 0;
  for (const bet of bets) {
    running += bet.profitMilli;
    peak = Math.max(peak, running);
    drawdown = Math.max(drawdown, peak - running);
  }
  const leagues = [...new Set(bets.map((bet) => bet.fixture.league.id))].sort((a, b) => a - b);
  const months = [...new Set(bets.map((bet) => bet.fixture.date_time.slice(0, 7)))].sort();
  let cumulative = 0;
  return {
    backtest: {
      fixtures: matched.length,
      bets: bets.length,
      won,
      lost,
      void: count(bets, "void"),
      hit_rate: won + lost === 0 ? null : rounded(won / (won + lost), 4),
      average_odds: bets.length === 0 ? null : rounded(bets.reduce((sum, bet) => sum + bet.sp, 0) / 100 / bets.length, 3),
      fair_odds: won === 0 ? null : rounded((won + lost) / won, 3),
      profit: rounded(profit(bets) / 1000, 3),
      roi: bets.length === 0 ? null : rounded(profit(bets) / 1000 / bets.length, 4),
      max_drawdown: rounded(drawdown / 1000, 3),
    },
    by_league: leagues.map((id) => {
      const of = bets.filter((bet) => bet.fixture.league.id === id);
      return {
        league: { id, name: of[0]!.fixture.league.name },
        bets: of.length,
        won: count(of, "won"),
        profit: rounded(profit(of) / 1000, 3),
        roi: rounded(profit(of) / 1000 / of.length, 4),
      };
    }),
    by_month: months.map((month) => {
      const of = bets.filter((bet) => bet.fixture.date_time.startsWith(month));
      cumulative += profit(of);
      return { month, bets: of.length, won: count(of, "won"), profit: rounded(profit(of) / 1000, 3), cumulative_profit: rounded(cumulative / 1000, 3) };
    }),
  };
}
