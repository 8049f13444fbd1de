/**
 * Penalty shoot-outs under the real rules: five kicks each, taken in turn, ending as soon as one
 * side cannot be caught; then sudden-death rounds until a round is won.
 */
import type { Random } from "../random.js";
import type { GoalPair, Side } from "./types.js";

export type Kick = { side: Side; scored: boolean };

const KICK_SUCCESS = 0.76;
const REGULAR_ROUNDS = 5;
const MAX_ROUNDS = 30;
const MATCH_TRIES = 400;

/** A shoot-out as it would go, the first kicker chosen by a coin toss. */
export function sampleShootout(rng: Random): Kick[] {
  const first: Side = rng.chance(0.5) ? "home" : "away";
  const second: Side = first === "home" ? "away" : "home";
  const goals = { home: 0, away: 0 };
  const taken = { home: 0, away: 0 };
  const kicks: Kick[] = [];
  const decided = (): boolean => {
    if (taken[first] <= REGULAR_ROUNDS && taken[second] <= REGULAR_ROUNDS) {
      const leftFirst = REGULAR_ROUNDS - taken[first];
      const leftSecond = REGULAR_ROUNDS - taken[second];
      return goals[first] > goals[second] + leftSecond || goals[second] > goals[first] + leftFirst;
    }
    return taken[first] === taken[second] && goals[first] !== goals[second];
  };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    for (const side of [first, second]) {
      const scored = rng.chance(KICK_SUCCESS);
      kicks.push({ side, scored });
      taken[side]++;
      if (scored) goals[side]++;
      if (decided()) return kicks;
    }
  }
  return kicks;
}

export function kickTally(kicks: readonly Kick[]): { home: number; away: number } {
  const tally = { home: 0, away: 0 };
  for (const kick of kicks) if (kick.scored) tally[kick.side]++;
  return tally;
}

/**
 * A shoot-out ending exactly `target` (home, away): sampled under the rules until one matches;
 * a score the rules cannot produce (the source has 4-4) gets plain alternating kicks instead.
 */
export function shootoutFor(rng: Random, target: GoalPair): Kick[] {
  for (let attempt = 0; attempt < MATCH_TRIES; attempt++) {
    const kicks = sampleShootout(rng);
    const tally = kickTally(kicks);
    if (tally.home === target[0] && tally.away === target[1]) return kicks;
  }
  const perSide = Math.max(REGULAR_ROUNDS, target[0], target[1]);
  const scoredAt = (goals: number): boolean[] =>
    rng.shuffle(Array.from({ length: perSide }, (_, i) => i < goals));
  const home = scoredAt(target[0]);
  const away = scoredAt(target[1]);
  const kicks: Kick[] = [];
  for (let i = 0; i < perSide; i++) {
    kicks.push({ side: "home", scored: home[i] ?? false });
    kicks.push({ side: "away", scored: away[i] ?? false });
  }
  return kicks;
}
