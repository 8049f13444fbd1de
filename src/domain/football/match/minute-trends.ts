/**
 * Trends in their stored, compact form (one series of per-minute deltas per team and trend type)
 * and their expansion into Trend entries with cumulative values.
 */
import { TREND_TYPES } from "../../types/match-types.js";
import type { CompactTrends, TrendMinutes } from "../../fixture-parts.js";
import { firstMinute } from "./clock.js";
import type { MatchScript } from "./types.js";

export type TrendEntry = {
  team_id: number;
  period_id: number;
  minute: number;
  type_id: number;
  developer_name: string;
  value: number;
};

const TREND_NAMES = new Map(TREND_TYPES.map((type) => [type.type_id, type.developer_name]));
const TREND_ORDER = new Map(TREND_TYPES.map((type, index) => [type.type_id, index]));

/**
 * The trends of the first `revealed` minute slots of a script: the minute range of every period
 * reached, and per team (home first) and trend type (in the order TREND_TYPES lists them) the
 * deltas of those minutes.
 */
export function compactTrends(script: MatchScript, revealed: number): CompactTrends {
  const minutes: TrendMinutes = [];
  for (const period of script.periods) {
    const count = Math.min(period.slotCount, revealed - period.firstSlot);
    if (count > 0) minutes.push({ period_id: period.periodId, first_minute: firstMinute(period), count });
  }
  const series = (["home", "away"] as const).flatMap((side) =>
    TREND_TYPES.map((type) => ({
      team_id: side === "home" ? script.homeTeamId : script.awayTeamId,
      type_id: type.type_id,
      deltas: script.series[side][type.developer_name as keyof MatchScript["series"]["home"]].slice(0, revealed),
    })),
  );
  return { minutes, series };
}

/**
 * Trend entries with cumulative values (running sums that never reset between periods), ordered
 * by period, minute, team (in the order the series list them: home first) and type (in the
 * order TREND_TYPES lists them). `typeIds` keeps only those types.
 */
export function expandTrends(trends: CompactTrends, filter?: { typeIds?: Set<number> }): TrendEntry[] {
  const teams: number[] = [];
  for (const series of trends.series) if (!teams.includes(series.team_id)) teams.push(series.team_id);
  const rank = (series: CompactTrends["series"][number]): number =>
    teams.indexOf(series.team_id) * 1000 + (TREND_ORDER.get(series.type_id) ?? 999);
  const chosen = trends.series
    .filter((series) => !filter?.typeIds || filter.typeIds.has(series.type_id))
    .sort((a, b) => rank(a) - rank(b));
  const running = chosen.map(() => 0);
  const entries: TrendEntry[] = [];
  let index = 0;
  for (const range of trends.minutes) {
    for (let k = 0; k < range.count; k++, index++) {
      chosen.forEach((series, s) => {
        running[s] = (running[s] ?? 0) + (series.deltas[index] ?? 0);
        entries.push({
          team_id: series.team_id,
          period_id: range.period_id,
          minute: range.first_minute + k,
          type_id: series.type_id,
          developer_name: TREND_NAMES.get(series.type_id) ?? String(series.type_id),
          value: running[s] ?? 0,
        });
      });
    }
  }
  return entries;
}
