/**
 * Splits a catalogue's seasons into `workers` shares of about as many fixtures each: the largest
 * season first, each to the share with the fewest fixtures so far (ties to the lower share). The
 * same counts always give the same shares. A season is never split: its league averages and
 * table positions are the season's own, so one walk builds all of its fixtures.
 */
export function seasonShares(counts: ReadonlyMap<number, number>, workers: number): number[][] {
  if (!Number.isInteger(workers) || workers < 1) throw new RangeError(`workers must be a whole number from 1, got ${workers}`);
  const shares = Array.from({ length: workers }, () => ({ seasons: [] as number[], fixtures: 0 }));
  const largestFirst = [...counts].sort(([idA, a], [idB, b]) => b - a || idA - idB);
  for (const [seasonId, count] of largestFirst) {
    const lightest = shares.reduce((best, share) => (share.fixtures < best.fixtures ? share : best));
    lightest.seasons.push(seasonId);
    lightest.fixtures += count;
  }
  return shares.map((share) => share.seasons.sort((a, b) => a - b));
}
