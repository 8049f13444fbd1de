import type { CatalogLeague } from "../../domain/catalog.js";
import { Random } from "../../domain/football/random.js";
import { doubleRoundRobin } from "./round-robin.js";
import { roundKickoffs } from "./weekend-slots.js";
import { addDays, localDateOf, weekdayOf, type LocalDate } from "../../domain/time/zoned-time.js";

/**
 * Weekly calendars. Round i of a season is played on the weekend around its Saturday (Friday to
 * Monday, weekend-slots.ts). For the current season the round "containing now" is the middle
 * round, floor(rounds / 2), played on the Saturday nearest to now in the league's zone (Wednesday
 * to Saturday look ahead, Sunday to Tuesday look back); every other round is a whole number of
 * weeks before or after. So at least half the season is finished and the other half to come.
 */

export type PlannedMatch = {
  /** 1-based. */
  round: number;
  home: number;
  away: number;
  /** Kick-off, epoch ms UTC. */
  kickoff: number;
};

/** The Saturday nearest to `now` in `timeZone` (Sunday to Tuesday: the one before). */
export function nearestSaturday(now: Date, timeZone: string): LocalDate {
  const today = localDateOf(now.getTime(), timeZone);
  const weekday = weekdayOf(today);
  return addDays(today, weekday <= 2 ? -1 - weekday : 6 - weekday);
}

/** Rounds of a double round-robin of `teamCount` teams. */
export function roundCount(teamCount: number): number {
  if (teamCount < 2) return 0;
  return 2 * (teamCount + (teamCount % 2) - 1);
}

/** 0-based index of the round played on the weekend nearest to now. */
export function currentRoundIndex(rounds: number): number {
  return Math.floor(rounds / 2);
}

/**
 * All matches of a double round-robin season whose round `anchorRound` (0-based) is played on
 * the weekend of `anchorSaturday`, kick-offs in the league's slots. `seed` makes the team order
 * and the slot of each match in its round deterministic.
 */
export function planSeason(
  league: Pick<CatalogLeague, "region" | "timezone">,
  teamIds: readonly number[],
  anchorSaturday: LocalDate,
  anchorRound: number,
  seed: string,
): PlannedMatch[] {
  const random = new Random(seed);
  const order = random.shuffle([...teamIds].sort((a, b) => a - b));
  const rounds = doubleRoundRobin(order);
  const planned: PlannedMatch[] = [];
  rounds.forEach((pairings, index) => {
    const saturday = addDays(anchorSaturday, 7 * (index - anchorRound));
    const kickoffs = roundKickoffs(league, saturday, pairings.length);
    random.shuffle(pairings).forEach(({ home, away }, i) => {
      planned.push({ round: index + 1, home, away, kickoff: kickoffs[i] as number });
    });
  });
  return planned;
}
