import { homeGoalShare } from "../../../../../src/domain/football/model/strength.js";
import { Random } from "../../../../../src/domain/football/random.js";

/** A double round robin: every pair meets home and away, in a seeded order. */
export function doubleRoundRobin(teams: readonly number[], random: Random): Array<[home: number, away: number]> {
  const pairs: Array<[number, number]> = [];
  for (const home of teams) for (const away of teams) if (home !== away) pairs.push([home, away]);
  return random.shuffle(pairs);
}

/** True goal means of a match between teams of known Elo strength (independent Poisson). */
export function trueMeans(home: number, away: number, homeAdvantage = 55, total = 2.7): { home: number; away: number } {
  const expectation = 1 / (1 + 10 ** (-(home + homeAdvantage - away) / 400));
  const share = homeGoalShare(expectation, total);
  return { home: total * share, away: total * (1 - share) };
}
