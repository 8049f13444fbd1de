/**
 * Match statistics from a script's running totals: per team (location home/away) and per match
 * (team_id 0, location "league", the sum of both teams; none for BALL_POSSESSION). They are the
 * trends' values at the same moment; SAVES is the opponent's shots on target minus its goals.
 */
import { STATISTIC_TYPES } from "../../types/match-types.js";
import type { StatEntry } from "../../fixture-parts.js";
import { CHANNELS, type Channel, type Side } from "./types.js";

export type Totals = Record<Channel, number>;

const CHANNEL_NAMES: ReadonlySet<string> = new Set(CHANNELS);

function value(totals: Record<Side, Totals>, side: Side, name: string): number {
  if (name === "SAVES") {
    const opponent = totals[side === "home" ? "away" : "home"];
    return Math.max(0, opponent.SHOTS_ON_TARGET - opponent.GOALS);
  }
  if (!CHANNEL_NAMES.has(name)) throw new Error(`No modelled value for the statistic ${name}`);
  return totals[side][name as Channel];
}

export function matchStatistics(totals: Record<Side, Totals>, teamIds: Record<Side, number>): StatEntry[] {
  const entries: StatEntry[] = [];
  for (const type of STATISTIC_TYPES) {
    const home = value(totals, "home", type.developer_name);
    const away = value(totals, "away", type.developer_name);
    const base = { type_id: type.type_id, developer_name: type.developer_name };
    entries.push({ team_id: teamIds.home, ...base, value: home, location: "home" });
    entries.push({ team_id: teamIds.away, ...base, value: away, location: "away" });
    if (type.developer_name !== "BALL_POSSESSION") entries.push({ team_id: 0, ...base, value: home + away, location: "league" });
  }
  return entries;
}
