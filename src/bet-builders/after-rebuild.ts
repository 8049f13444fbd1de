import type { Client } from "@elastic/elasticsearch";
import { ensureBetBuilderMapping } from "../store/bet-builder-mapping.js";
import { countBetBuildersOfUser } from "../store/bet-builders.js";
import { refreshIndex } from "../store/index-state.js";
import type { IndexNames } from "../store/index-names.js";
import { generateBetBuilders } from "./generate.js";
import { repriceForFixtures, syncAllBetBuilders } from "./reprice.js";

/** Users who get demo bet builders (user 1 is the one `npm start`'s first key belongs to). */
export const DEMO_USER_IDS = [1, 2, 3] as const;
export const DEMO_FIXTURES_PER_USER = 10;

export type AfterRebuildReport = { synced: number; demoUsers: number[]; created: number };

/**
 * Run after every successful rebuild (scripts/rebuild.ts, scripts/start.ts):
 * 1. every existing bet builder is priced against the new fixtures, which refreshes
 *    the fixture fields it copies for filtering (a fixture that is gone marks it
 *    finished);
 * 2. each demo user without any bet builder gets some for the next fixtures, priced
 *    at once.
 */
export async function betBuildersAfterRebuild(
  es: Client,
  indices: Pick<IndexNames, "fixtures" | "fixtures_history" | "fixtures_all" | "bet_builders">,
  now: Date = new Date(),
): Promise<AfterRebuildReport> {
  await ensureBetBuilderMapping(es, indices.bet_builders);
  const synced = await syncAllBetBuilders(es, indices, now);
  const demoUsers: number[] = [];
  const fixtureIds = new Set<number>();
  let created = 0;
  for (const userId of DEMO_USER_IDS) {
    if ((await countBetBuildersOfUser(es, indices.bet_builders, userId)) > 0) continue;
    const report = await generateBetBuilders(es, indices, { userId, fixtures: DEMO_FIXTURES_PER_USER, now });
    for (const doc of report.created) fixtureIds.add(doc.fixture_id);
    created += report.created.length;
    demoUsers.push(userId);
  }
  if (fixtureIds.size > 0) {
    await refreshIndex(es, indices.bet_builders);
    await repriceForFixtures(es, indices, [...fixtureIds], now);
  }
  return { synced: synced.builders, demoUsers, created };
}
