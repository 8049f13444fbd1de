import { Random } from "../../domain/football/random.js";
import type { FixtureStatus } from "../../domain/types/statuses.js";
import type { CatalogMatch, MatchResult } from "../../domain/catalog.js";

/**
 * A handful of past matches with the statuses of real data that simulation never produces:
 * POSTPONED, CANCELLED and ABANDONED (no result), NO_RESULT (a past match whose result the
 * source lacks), and AWARDED, which needs a result even in a simulated season: 3-0 for the home
 * side (a forfeit's usual score), so standings count it like the real data's awarded matches.
 * Chosen by a fixed seed among finished matches, so the same input always marks the same ones.
 */
const EDGE_CASES: ReadonlyArray<[FixtureStatus, number]> = [
  ["POSTPONED", 3],
  ["CANCELLED", 2],
  ["ABANDONED", 2],
  ["AWARDED", 2],
  ["NO_RESULT", 3],
];

export const AWARDED_RESULT: MatchResult = { ft: [3, 0] };

/** Marks edge cases among the FT matches of `matches` (in place); returns how many of each. */
export function markEdgeCases(matches: readonly CatalogMatch[], seed: string): Map<FixtureStatus, number> {
  const random = new Random(seed);
  const finished = matches.filter((match) => match.status === "FT");
  const marked = new Map<FixtureStatus, number>();
  const taken = new Set<number>();
  for (const [status, count] of EDGE_CASES) {
    for (let i = 0; i < count && taken.size < finished.length; ) {
      const index = random.int(0, finished.length - 1);
      if (taken.has(index)) continue;
      taken.add(index);
      const match = finished[index] as CatalogMatch;
      match.status = status;
      if (status === "AWARDED") match.result = { ...AWARDED_RESULT, ft: [...AWARDED_RESULT.ft] };
      marked.set(status, (marked.get(status) ?? 0) + 1);
      i++;
    }
  }
  return marked;
}
