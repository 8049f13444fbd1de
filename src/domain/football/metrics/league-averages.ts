/**
 * League averages (type ids 303-344) of one league season, fed with finished matches in
 * kick-off order. A fixture's entries come from the matches before it only.
 *
 * Per metric X, over the n matches that have X for both sides:
 *   HOME_X    = sum of the home sides' X / n x 1000
 *   AWAY_X    = sum of the away sides' X / n x 1000
 *   OVERALL_X = (sum home + sum away) / (2n) x 1000, i.e. (HOME + AWAY) / 2, the per-side average
 *               (not the match total; docs/api-behaviour.md, "League averages")
 * each rounded to an integer once, from the exact sums. HT_ variants do the same with the
 * first-half counts. A metric no recorded match has is left out.
 */
import { LEAGUE_AVERAGE_TYPES } from "../../types/league-average-types.js";
import type { MetricEntry } from "../../fixture-parts.js";

export const LEAGUE_METRICS = [
  "goals",
  "corners",
  "yellowcards",
  "shotsOnTarget",
  "shotsOffTarget",
  "attacks",
  "dangerousAttacks",
] as const;
export type LeagueMetric = (typeof LEAGUE_METRICS)[number];

/** One side's counts; a metric the source lacks is left out. */
export type SideCounts = Partial<Record<LeagueMetric, number>>;
export type SideTotals = { fullTime: SideCounts; firstHalf: SideCounts };

export type LeagueMatch = { kickoffUnix: number; home: SideTotals; away: SideTotals };

const DEVELOPER_METRIC: Record<LeagueMetric, string> = {
  goals: "GOALS",
  corners: "CORNERS",
  yellowcards: "YELLOWCARDS",
  shotsOnTarget: "SHOTS_ON_TARGET",
  shotsOffTarget: "SHOTS_OFF_TARGET",
  attacks: "ATTACKS",
  dangerousAttacks: "DANGEROUS_ATTACKS",
};

const PERIODS = [
  { key: "fullTime", prefix: "" },
  { key: "firstHalf", prefix: "HT_" },
] as const;

const TYPE_IDS = new Map(LEAGUE_AVERAGE_TYPES.map((type) => [type.developer_name, type.type_id]));

/** Running sums of one (period, metric): home, away and the number of matches. */
type Sums = { home: number; away: number; matches: number };
type Snapshot = { kickoffUnix: number; sums: Map<string, Sums> };

export class LeagueAverageAccumulator {
  /** Sums after each recorded match, in kick-off order (prefix sums). */
  private readonly history: Snapshot[] = [];

  record(match: LeagueMatch): void {
    const previous = this.history[this.history.length - 1];
    if (previous && match.kickoffUnix < previous.kickoffUnix) {
      throw new Error("LeagueAverageAccumulator: matches must be recorded in kick-off order");
    }
    const sums = new Map(previous?.sums ?? []);
    for (const period of PERIODS) {
      for (const metric of LEAGUE_METRICS) {
        const home = match.home[period.key][metric];
        const away = match.away[period.key][metric];
        if (home === undefined || away === undefined) continue;
        const key = `${period.key}:${metric}`;
        const before = sums.get(key) ?? { home: 0, away: 0, matches: 0 };
        sums.set(key, { home: before.home + home, away: before.away + away, matches: before.matches + 1 });
      }
    }
    this.history.push({ kickoffUnix: match.kickoffUnix, sums });
  }

  /** Recorded matches (that kicked off before `beforeUnix`, when given). */
  count(beforeUnix?: number): number {
    if (beforeUnix === undefined) return this.history.length;
    let low = 0;
    let high = this.history.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if ((this.history[mid] as Snapshot).kickoffUnix < beforeUnix) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * The league-average entries for a fixture, from the matches recorded so far, or only those
   * that kicked off strictly before `beforeUnix` (the fixture's kick-off) when given, so
   * matches played at the same time never count each other. Empty before the first match.
   */
  snapshot(beforeUnix?: number): MetricEntry[] {
    const count = this.count(beforeUnix);
    const sums = this.history[count - 1]?.sums;
    if (!sums) return [];
    const entries: MetricEntry[] = [];
    for (const period of PERIODS) {
      for (const metric of LEAGUE_METRICS) {
        const s = sums.get(`${period.key}:${metric}`);
        if (!s || s.matches === 0) continue;
        const name = DEVELOPER_METRIC[metric];
        entries.push(
          entry(`${period.prefix}HOME_${name}_SCORED`, (s.home * 1000) / s.matches),
          entry(`${period.prefix}AWAY_${name}_SCORED`, (s.away * 1000) / s.matches),
          entry(`${period.prefix}OVERALL_${name}_SCORED`, ((s.home + s.away) * 1000) / (2 * s.matches)),
        );
      }
    }
    return entries.sort((a, b) => a.type_id - b.type_id);
  }
}

function entry(developerName: string, value: number): MetricEntry {
  const typeId = TYPE_IDS.get(developerName);
  if (typeId === undefined) throw new Error(`Unknown league-average type ${developerName}`);
  return {
    team_id: 0,
    type_id: typeId,
    developer_name: developerName,
    value: Math.round(value),
    location: "league",
    group: "league_average",
  };
}
