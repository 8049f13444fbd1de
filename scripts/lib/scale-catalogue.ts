/**
 * The synthetic catalogues of the scale benchmark, sized by past seasons: a fixed number of
 * generated leagues and as many seasons as reach the size, so bench:scale and bench:backtest
 * measure the same 1M-fixture catalogue (`--leagues 51 --history-seasons 49`).
 */
import { fixturesPerScaleLeague } from "../../src/ingest/synthetic/scale.js";

/** The base part of every synthetic set (base leagues, cup, their live slate): about 4,640 fixtures. */
export const BASE_FIXTURES = 4_640;
/** The past seasons of the smallest catalogue, which fixes the number of generated leagues. */
const SMALLEST_HISTORY = 4;
/** The smallest size bench:scale measures by default: 51 generated leagues. */
export const SMALLEST_SIZE = 100_000;

/** Generated leagues for a set of sizes: what the smallest needs at SMALLEST_HISTORY past seasons. */
export function scaleLeagues(smallestSize: number): number {
  return Math.ceil((smallestSize - BASE_FIXTURES) / fixturesPerScaleLeague(SMALLEST_HISTORY));
}

/** The rebuild's source arguments for `size` fixtures at `leagues` generated leagues (380 fixtures a season each). */
export function historyArgs(size: number, leagues: number): string[] {
  const seasons = Math.max(1, Math.round((size - BASE_FIXTURES) / (leagues * fixturesPerScaleLeague(0))));
  return ["--leagues", String(leagues), "--history-seasons", String(seasons - 1)];
}
