import { WINDOWED_STATISTIC_TYPES } from "../../src/domain/types/windowed-types.js";

type Entry = { team_id: number; period_id: number; minute: number; developer_name: string; value: number };
type Location = "home" | "away" | "league";

const later = (a: Entry, b: Entry): boolean => a.period_id > b.period_id || (a.period_id === b.period_id && a.minute > b.minute);

function latestOf(entries: readonly Entry[]): Entry | undefined {
  return entries.reduce<Entry | undefined>((best, entry) => (best === undefined || later(entry, best) ? entry : best), undefined);
}

/**
 * The definition of the windowed statistics, read from Trend entries as
 * `include=trends` returns them, written apart from the implementation (no sort, no walk back):
 * per team and trend, the latest entry's value (at minute m) minus that of the latest entry with
 * minute <= m - N in match order, 0 when there is none; the match value is home + away.
 * Keyed `NAME_LAST_N:location`.
 */
export function windowedOracle(trends: readonly Entry[], teams: { home: number; away: number }): Map<string, number> {
  const values = new Map<string, number>();
  for (const type of WINDOWED_STATISTIC_TYPES) {
    const gain = (teamId: number): number => {
      const series = trends.filter((entry) => entry.team_id === teamId && entry.developer_name === type.trend);
      const latest = latestOf(series);
      if (!latest) return 0;
      const base = latestOf(series.filter((entry) => entry.minute <= latest.minute - type.window));
      return latest.value - (base?.value ?? 0);
    };
    const home = gain(teams.home);
    const away = gain(teams.away);
    const put = (location: Location, value: number) => values.set(`${type.developer_name}:${location}`, value);
    put("home", home);
    put("away", away);
    put("league", home + away);
  }
  return values;
}
