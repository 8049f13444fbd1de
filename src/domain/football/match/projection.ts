/**
 * A script read at one moment: the finished match, or a live match revealed up to "now".
 *
 * Live, a minute is revealed when it starts (its events with it), so `minute`, the last trend
 * minute, the statistics and the scores always agree. During a break the finished periods stay
 * revealed and `minute` is the last one played; before kick-off there is nothing (no scores,
 * statistics, trends or periods; minute null). The shoot-out has no trend minutes and never
 * counts in the scores; `shootout` carries its kicks scored so far.
 */
import type { FixtureStatus } from "../../types/statuses.js";
import type { CompactTrends, Period, Score, StatEntry } from "../../fixture-parts.js";
import { matchStatistics, type Totals } from "./statistics.js";
import { compactTrends } from "./minute-trends.js";
import { CHANNELS, SIDES, type MatchScript, type ScriptPeriod, type Side } from "./types.js";

export { expandTrends, type TrendEntry } from "./minute-trends.js";

export type ProjectionMoment = { kind: "final" } | { kind: "live"; nowUnix: number };

export type MatchState = {
  status: FixtureStatus;
  /** The global match minute (of the last minute revealed); null before kick-off. */
  minute: number | null;
  periods: Period[];
  scores: Score[];
  statistics: StatEntry[];
  trends: CompactTrends;
  /** Goals now (CURRENT), shoot-out excluded. */
  goals: { home: number; away: number };
  /** Shoot-out kicks scored so far, null unless the shoot-out has begun. */
  shootout: { home: number; away: number } | null;
};

const PLAYING: Record<ScriptPeriod["n"], FixtureStatus> = {
  1: "INPLAY_1ST_HALF",
  2: "INPLAY_2ND_HALF",
  3: "INPLAY_ET",
  4: "INPLAY_ET",
  5: "INPLAY_PENALTIES",
};
const BEFORE: Record<ScriptPeriod["n"], FixtureStatus> = {
  1: "NOT_STARTED",
  2: "HT",
  3: "EXTRA_TIME_BREAK",
  4: "EXTRA_TIME_BREAK",
  5: "PEN_BREAK",
};

type Cut = { status: FixtureStatus; now: number; revealed: number };

/** What of a script tells where it stands at a moment: its clock (a `Clock` from clock.ts is one). */
type ScriptClock = Pick<MatchScript, "periods" | "slots" | "endUnix">;

/** The status a script projected at `at` has (`projectMatch(script, at).status`), from its clock alone. */
export function statusAt(clock: ScriptClock, at: ProjectionMoment): FixtureStatus {
  return cutAt(clock, at).status;
}

function cutAt(script: ScriptClock, at: ProjectionMoment): Cut {
  const now = at.kind === "final" ? Infinity : at.nowUnix;
  if (now >= script.endUnix) return { status: "FT", now, revealed: script.slots.length };
  for (const period of script.periods) {
    if (now < period.startUnix) return { status: BEFORE[period.n], now, revealed: period.firstSlot };
    if (now < period.endUnix) {
      const elapsed = Math.min(Math.floor((now - period.startUnix) / 60), period.slotCount - 1);
      return { status: PLAYING[period.n], now, revealed: period.firstSlot + Math.max(0, elapsed + 1) };
    }
  }
  return { status: "FT", now, revealed: script.slots.length };
}

function periodsAt(script: MatchScript, now: number): Period[] {
  return script.periods
    .filter((period) => period.startUnix <= now)
    .map((period) => {
      const running = now < period.endUnix;
      const elapsed = (running ? now : period.endUnix) - period.startUnix;
      return {
        period_id: period.periodId,
        fixture_id: script.fixtureId,
        started: period.startUnix,
        ended: running ? null : period.endUnix,
        counts_from: period.countsFrom,
        ticking: running ? 1 : 0,
        sort_order: period.sortOrder,
        time_added: period.added,
        period_length: period.length,
        minutes: Math.floor(elapsed / 60),
        seconds: elapsed % 60,
        developer_name: period.name,
      };
    });
}

function totalsOf(script: MatchScript, side: Side, from: number, to: number): Totals {
  const totals = {} as Totals;
  for (const channel of CHANNELS) {
    const deltas = script.series[side][channel];
    let sum = 0;
    for (let t = from; t < to; t++) sum += deltas[t] ?? 0;
    totals[channel] = sum;
  }
  return totals;
}

function goalsBetween(script: MatchScript, side: Side, from: number, to: number): number {
  let sum = 0;
  for (let t = from; t < to; t++) sum += script.series[side].GOALS[t] ?? 0;
  return sum;
}

function scoresAt(script: MatchScript, revealed: number, secondHalfStarted: boolean): Score[] {
  const halfTime = script.periods[0] ? script.periods[0].firstSlot + script.periods[0].slotCount : 0;
  return SIDES.flatMap((side) => {
    const team_id = side === "home" ? script.homeTeamId : script.awayTeamId;
    const score = (developer_name: Score["developer_name"], value: number): Score => ({
      fixture_id: script.fixtureId,
      team_id,
      value,
      developer_name,
    });
    const firstHalf = goalsBetween(script, side, 0, Math.min(halfTime, revealed));
    const secondHalf = script.periods[1] ? goalsBetween(script, side, halfTime, Math.min(halfTime + script.periods[1].slotCount, revealed)) : 0;
    const current = goalsBetween(script, side, 0, revealed);
    return secondHalfStarted
      ? [score("1ST_HALF", firstHalf), score("2ND_HALF", firstHalf + secondHalf), score("2ND_HALF_ONLY", secondHalf), score("CURRENT", current)]
      : [score("1ST_HALF", firstHalf), score("CURRENT", current)];
  });
}

export function projectMatch(script: MatchScript, at: ProjectionMoment): MatchState {
  const { status, now, revealed } = cutAt(script, at);
  if (status === "NOT_STARTED") {
    return { status, minute: null, periods: [], scores: [], statistics: [], trends: { minutes: [], series: [] }, goals: { home: 0, away: 0 }, shootout: null };
  }
  const totals = { home: totalsOf(script, "home", 0, revealed), away: totalsOf(script, "away", 0, revealed) };
  const secondHalf = script.periods[1];
  const penalties = script.periods.find((period) => period.n === 5);
  const kicks = script.shootout?.kicks.filter((kick) => kick.atUnix <= now) ?? [];
  return {
    status,
    minute: script.slots[revealed - 1]?.minute ?? null,
    periods: periodsAt(script, now),
    scores: scoresAt(script, revealed, secondHalf !== undefined && secondHalf.startUnix <= now),
    statistics: matchStatistics(totals, { home: script.homeTeamId, away: script.awayTeamId }),
    trends: compactTrends(script, revealed),
    goals: { home: totals.home.GOALS, away: totals.away.GOALS },
    shootout:
      penalties && penalties.startUnix <= now
        ? { home: kicks.filter((kick) => kick.side === "home" && kick.scored).length, away: kicks.filter((kick) => kick.side === "away" && kick.scored).length }
        : null,
  };
}
