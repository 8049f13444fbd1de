/**
 * An independent recomputation of GET /fixtures/backtest/in-play from fixtures as GET /fixtures
 * presents them (include=trends,metrics, with their periods and league): the states walked in plain
 * loops from the Trend entries (cumulative values as presented; windowed values by their definition
 * over the entries up to each state), the rule tried state by state, and every figure counted
 * here. It shares nothing with the endpoint but the documented definitions and rounding, so a
 * difference is a bug on one side.
 */

type Entry = { team_id: number; period_id: number; minute: number; developer_name: string; value: number };

export type InPlayOracleFixture = {
  id: number;
  date_time: string;
  status: string;
  league: { id: number; name: string };
  participants: Array<{ id: number; location: "home" | "away" }>;
  periods: Array<{ period_id: number; developer_name: string }>;
  trends?: Entry[];
  metrics?: Array<{ developer_name: string; team_id: number; value: number }>;
};

export type InPlayCondition = { name: string; min: number; max: number; location: "HOME" | "AWAY" | "LEAGUE" };

export type InPlayRule = {
  /** Conditions on trends and windowed values. */
  inPlay: InPlayCondition[];
  /** Conditions on pre-match metrics. */
  metrics: InPlayCondition[];
  leagueIds: number[];
  /** Plain UTC days, both inclusive. */
  startDate: string;
  endDate: string;
  minuteFrom: number;
  minuteTo: number;
};

const OUTCOMES = [
  "goal_after",
  "home_goal_after",
  "away_goal_after",
  "no_goal_after",
  "home_win",
  "draw",
  "away_win",
  "over_0_5",
  "over_1_5",
  "over_2_5",
  "over_3_5",
  "over_4_5",
  "btts",
] as const;
type Outcome = (typeof OUTCOMES)[number];

const rounded = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** The documented states: the trend points of both halves up to minute 90. */
const isStateMinute = (minute: number) => minute <= 90;

type State = { half: number; minute: number };
const atOrBefore = (a: State, b: State) => a.half < b.half || (a.half === b.half && a.minute <= b.minute);

/** Each state's values and the goals that followed, or null for a fixture without states. */
export function oracleStates(fixture: InPlayOracleFixture) {
  if (fixture.status !== "FT" && fixture.status !== "AWARDED") return null;
  const halfOf = new Map<number, number>();
  for (const period of fixture.periods) {
    if (period.developer_name === "1ST_HALF") halfOf.set(period.period_id, 1);
    if (period.developer_name === "2ND_HALF") halfOf.set(period.period_id, 2);
  }
  const entries = (fixture.trends ?? [])
    .filter((entry) => halfOf.has(entry.period_id))
    .map((entry) => ({ ...entry, half: halfOf.get(entry.period_id)! }));
  if (entries.length === 0) return null;
  const home = fixture.participants.find((p) => p.location === "home")!.id;
  const away = fixture.participants.find((p) => p.location === "away")!.id;
  const seen = new Set<string>();
  const points: State[] = [];
  for (const entry of entries) {
    const key = `${entry.half}:${entry.minute}`;
    if (!seen.has(key)) {
      seen.add(key);
      points.push({ half: entry.half, minute: entry.minute });
    }
  }
  points.sort((a, b) => a.half - b.half || a.minute - b.minute);
  const last = points[points.length - 1]!;
  // Each series in match order, so the latest entry at or before a state is the first met walking back.
  const series = new Map<string, typeof entries>();
  for (const entry of entries) {
    const key = `${entry.developer_name}:${entry.team_id}`;
    series.set(key, [...(series.get(key) ?? []), entry]);
  }
  for (const list of series.values()) list.sort((a, b) => a.half - b.half || a.minute - b.minute);
  /** The latest entry of a series that `upTo` admits, in match order (undefined when none). */
  const latest = (name: string, teamId: number, upTo: (entry: State) => boolean) => {
    const list = series.get(`${name}:${teamId}`) ?? [];
    for (let i = list.length - 1; i >= 0; i--) if (upTo(list[i]!)) return list[i];
    return undefined;
  };
  const goalsAt = (teamId: number, at: State): number => latest("GOALS", teamId, (entry) => atOrBefore(entry, at))?.value ?? 0;
  const final = { home: goalsAt(home, last), away: goalsAt(away, last) };
  const valueAt = (at: State) => (condition: InPlayCondition): number => {
    const windowed = /^(.*)_LAST_(\d+)$/.exec(condition.name);
    const side = (teamId: number): number => {
      if (!windowed) return latest(condition.name, teamId, (entry) => atOrBefore(entry, at))?.value ?? 0;
      // The windowed value: the latest entry's value (at minute m) minus that of the latest
      // entry with minute <= m - N in match order, 0 when there is none.
      const [, trend, window] = windowed as unknown as [string, string, string];
      const last = latest(trend, teamId, (entry) => atOrBefore(entry, at));
      if (!last) return 0;
      const base = latest(trend, teamId, (entry) => atOrBefore(entry, at) && entry.minute <= last.minute - Number(window));
      return last.value - (base?.value ?? 0);
    };
    if (condition.location === "HOME") return side(home);
    if (condition.location === "AWAY") return side(away);
    return side(home) + side(away);
  };
  const states = points
    .filter((point) => isStateMinute(point.minute))
    .map((point) => ({ ...point, valueOf: valueAt(point), goals: { home: goalsAt(home, point), away: goalsAt(away, point) } }));
  return { states, final, teams: { home, away } };
}

function metricHolds(fixture: InPlayOracleFixture, teams: { home: number; away: number }, condition: InPlayCondition): boolean {
  const teamId = condition.location === "HOME" ? teams.home : condition.location === "AWAY" ? teams.away : 0;
  const metric = fixture.metrics?.find((m) => m.developer_name === condition.name && m.team_id === teamId);
  return metric !== undefined && metric.value >= condition.min && metric.value <= condition.max;
}

/** The response GET /fixtures/backtest/in-play must give for `rule` over `fixtures` (all fixtures of its leagues and days). */
export function oracleInPlay(fixtures: readonly InPlayOracleFixture[], rule: InPlayRule) {
  const start = Date.parse(`${rule.startDate}T00:00:00Z`);
  const end = Date.parse(`${rule.endDate}T00:00:00Z`) + 86_400_000;
  let count = 0;
  const firedMinutes: number[] = [];
  const hits = (): Record<Outcome, number> => Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  const total = hits();
  const leagues = new Map<number, { name: string; fired: number; hits: Record<Outcome, number> }>();
  for (const fixture of fixtures) {
    const kickoff = Date.parse(fixture.date_time);
    if (kickoff < start || kickoff >= end || !rule.leagueIds.includes(fixture.league.id)) continue;
    const found = oracleStates(fixture);
    if (!found) continue;
    count++;
    if (!rule.metrics.every((condition) => metricHolds(fixture, found.teams, condition))) continue;
    const fire = found.states.find(
      (state) => state.minute >= rule.minuteFrom && state.minute <= rule.minuteTo && rule.inPlay.every((c) => { const v = state.valueOf(c); return v >= c.min && v <= c.max; }),
    );
    if (!fire) continue;
    firedMinutes.push(fire.minute);
    const { final } = found;
    const outcome: Record<Outcome, boolean> = {
      goal_after: final.home + final.away > fire.goals.home + fire.goals.away,
      home_goal_after: final.home > fire.goals.home,
      away_goal_after: final.away > fire.goals.away,
      no_goal_after: final.home + final.away === fire.goals.home + fire.goals.away,
      home_win: final.home > final.away,
      draw: final.home === final.away,
      away_win: final.home < final.away,
      over_0_5: final.home + final.away >= 1,
      over_1_5: final.home + final.away >= 2,
      over_2_5: final.home + final.away >= 3,
      over_3_5: final.home + final.away >= 4,
      over_4_5: final.home + final.away >= 5,
      btts: final.home > 0 && final.away > 0,
    };
    const league = leagues.get(fixture.league.id) ?? { name: fixture.league.name, fired: 0, hits: hits() };
    leagues.set(fixture.league.id, league);
    league.fired++;
    for (const o of OUTCOMES) {
      if (!outcome[o]) continue;
      total[o]++;
      league.hits[o]++;
    }
  }
  const fired = firedMinutes.length;
  return {
    in_play: {
      fixtures: count,
      fired,
      first_minute_average: fired === 0 ? null : rounded(firedMinutes.reduce((a, b) => a + b, 0) / fired, 2),
    },
    outcomes: OUTCOMES.map((o) => ({
      outcome: o,
      hits: total[o],
      strike_rate: fired === 0 ? null : rounded(total[o] / fired, 4),
      fair_odds: total[o] === 0 ? null : rounded(fired / total[o], 3),
    })),
    by_minute: Array.from({ length: 18 }, (_, k) => ({
      from: k * 5 + 1,
      to: k * 5 + 5,
      fired: firedMinutes.filter((m) => m >= k * 5 + 1 && m <= k * 5 + 5).length,
    })),
    by_league: [...leagues.entries()]
      .sort(([a], [b]) => a - b)
      .map(([id, league]) => ({ league: { id, name: league.name }, fired: league.fired, hits: league.hits })),
  };
}
