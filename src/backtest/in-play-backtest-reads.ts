import type { Client } from "@elastic/elasticsearch";
import { inPlayBacktestRequest, inPlayCandidatesRequest, type InPlayBacktestInput } from "../search/backtest/in-play-request.js";
import type { IndexNames } from "../store/index-names.js";
import { readInPlayCandidates, readInPlayCounts, type InPlayCounts } from "../store/in-play-backtest-reads.js";

/**
 * What GET /fixtures/backtest/in-play reads for one rule, each request built from the rule
 * (search/backtest/in-play-request.ts) and read by the store's readers: the fixtures in range
 * first, since at most that many fired and the search's sample of first fires must hold them all,
 * then the one search that counts everything.
 */
export async function readInPlayBacktest(es: Client, indices: Pick<IndexNames, "fixtures_all" | "leagues">, input: InPlayBacktestInput): Promise<InPlayCounts> {
  // Past fixtures are in both families: history and what the live part still holds.
  const index = indices.fixtures_all;
  const candidates = await readInPlayCandidates(es, inPlayCandidatesRequest(input, index));
  return readInPlayCounts(es, inPlayBacktestRequest(input, index, candidates), indices.leagues);
}
