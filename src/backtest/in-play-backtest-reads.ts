import type { Client } from "@elastic/elasticsearch";
import { sumInPlayCounts, type NamedInPlayCounts } from "../domain/backtest/in-play-counts.js";
import { inPlayBacktestRequest, inPlayRangeRequest, kickOffParts, type InPlayBacktestInput } from "../search/backtest/in-play-request.js";
import type { IndexNames } from "../store/index-names.js";
import { readLeagueNames } from "../store/backtest-reads.js";
import { readInPlayCounts, readInPlayRange } from "../store/in-play-backtest-reads.js";

/**
 * How a wide backtest is split (search/backtest/in-play-request.ts, "Why parts"): into this many
 * searches sent at once, from this many fixtures in range. Two keep both cores of a small node busy
 * where the expensive requests' share of the node's threads allows two (EXPENSIVE_NODE_SEARCHES,
 * src/rate-limit/node-search-slots.ts); at the default of one they run one after the other. Below
 * the threshold one search answers well inside its time and a split would only add a round.
 */
export const IN_PLAY_PARTS = { parts: 2, fromFixtures: 20_000 };

/**
 * What GET /fixtures/backtest/in-play reads for one rule, each request built from the rule
 * (search/backtest/in-play-request.ts) and read by the store's readers: the fixtures in range
 * first, since at most that many fired and the search's sample of first fires must hold them all,
 * then the searches that count everything, one per part of the range, and last the leagues' names.
 */
export async function readInPlayBacktest(
  es: Client,
  indices: Pick<IndexNames, "fixtures_all" | "leagues">,
  input: InPlayBacktestInput,
  split: { parts: number; fromFixtures: number } = IN_PLAY_PARTS,
): Promise<NamedInPlayCounts> {
  // Past fixtures are in both families: history and what the live part still holds.
  const index = indices.fixtures_all;
  const range = await readInPlayRange(es, inPlayRangeRequest(input, index, split.parts));
  const parts = range.fixtures >= split.fromFixtures ? kickOffParts(range.cuts) : [{}];
  const counts = sumInPlayCounts(await Promise.all(parts.map((part) => readInPlayCounts(es, inPlayBacktestRequest(input, index, range.fixtures, part)))));
  const names = await readLeagueNames(es, indices.leagues, counts.leagues.map((league) => league.id));
  return { ...counts, leagues: counts.leagues.map((league) => ({ ...league, name: names.get(league.id) ?? "" })) };
}
