/**
 * Double round-robin by the circle method, oriented as in de Werra's canonical schedule: in
 * round r every team alternates home and away from the round before (except at a few unavoidable
 * breaks), each team has at most one more home than away game per half, and the second half
 * mirrors the first with home and away swapped, so every pair meets once at each ground.
 * An odd number of teams gets a bye: one team rests each round.
 */

export type Pairing = { home: number; away: number };

/** Rounds of a double round-robin over `teams` (in the given order): 2 x (n - 1) rounds, n rounded up to even. */
export function doubleRoundRobin(teams: readonly number[]): Pairing[][] {
  const first = singleRoundRobin(teams);
  const second = first.map((round) => round.map(({ home, away }) => ({ home: away, away: home })));
  return [...first, ...second];
}

export function singleRoundRobin(teams: readonly number[]): Pairing[][] {
  if (teams.length < 2) return [];
  const BYE = -1;
  const slots: number[] = teams.length % 2 === 0 ? [...teams] : [...teams, BYE];
  const n = slots.length;
  const m = n - 1; // teams 0..m-1 rotate, slot m is fixed
  const fixed = slots[m] as number;
  const rounds: Pairing[][] = [];
  for (let r = 0; r < m; r++) {
    const round: Pairing[] = [];
    const pivot = slots[r] as number;
    round.push(r % 2 === 0 ? { home: pivot, away: fixed } : { home: fixed, away: pivot });
    for (let k = 1; k < n / 2; k++) {
      const a = slots[(r + k) % m] as number;
      const b = slots[(r - k + m) % m] as number;
      round.push(k % 2 === 1 ? { home: a, away: b } : { home: b, away: a });
    }
    rounds.push(round.filter(({ home, away }) => home !== BYE && away !== BYE));
  }
  return rounds;
}
