import type { Client } from "@elastic/elasticsearch";
import type { IndexNames } from "../store/index-names.js";
import { PRICING_FIXTURE_FIELDS, type PricingFixture } from "../domain/bet-builders/fixture-state.js";
import { priceBetBuilder, pricingChanged } from "../domain/bet-builders/pricing.js";
import { fixturesWithBetBuilders, readBetBuildersOfFixtures, rewriteBetBuilders } from "../store/bet-builders.js";
import { readFixturesById } from "../store/fixture-reads.js";

export type RepriceReport = {
  /** Bet builders looked at. */
  builders: number;
  /** Bet builders whose price, suspension, status or fixture copy changed. */
  updated: number;
  /** Of those written, how many are suspended now. */
  suspended: number;
};

type Indices = Pick<IndexNames, "fixtures" | "fixtures_history" | "fixtures_all" | "bet_builders">;

const CHUNK = 200;

/**
 * The pricing step for one fixture: every user's bet builders of the fixture are
 * brought in line with its current odds and state (pricing.ts) and rewritten when
 * something changed. The live updates call it whenever a fixture's odds or status
 * change; that is how suspension follows the selections (a suspended selection
 * suspends the builder and hides it from the listings, a priced one brings it back)
 * and how the copied fixture fields (live, finished) stay current.
 */
export async function repriceBetBuilders(es: Client, indices: Indices, fixtureId: number, now: Date = new Date()): Promise<RepriceReport> {
  return repriceForFixtures(es, indices, [fixtureId], now);
}

/** The pricing step for many fixtures, a chunk of fixtures per round trip. */
export async function repriceForFixtures(es: Client, indices: Indices, fixtureIds: readonly number[], now: Date = new Date()): Promise<RepriceReport> {
  const report: RepriceReport = { builders: 0, updated: 0, suspended: 0 };
  const unique = [...new Set(fixtureIds)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const chunk = unique.slice(start, start + CHUNK);
    const builders = await readBetBuildersOfFixtures(es, indices.bet_builders, chunk);
    if (builders.length === 0) continue;
    const fixtures = await readFixturesById<PricingFixture>(es, indices, chunk, { _source: [...PRICING_FIXTURE_FIELDS] });
    const written = await rewriteBetBuilders(es, indices.bet_builders, builders, (doc) => {
      const priced = priceBetBuilder(doc, fixtures.get(doc.fixture_id) ?? null, now);
      return pricingChanged(doc, priced) ? priced : null;
    });
    report.builders += builders.length;
    report.updated += written.length;
    report.suspended += written.filter((doc) => doc.suspend === 1).length;
  }
  return report;
}

/**
 * After a rebuild the fixtures are new documents (and the simulated season has moved
 * on), while bet builders persist: every fixture that has bet builders is priced
 * again, which also refreshes the copied fixture fields the list filters on.
 */
export async function syncAllBetBuilders(es: Client, indices: Indices, now: Date = new Date()): Promise<RepriceReport> {
  return repriceForFixtures(es, indices, await fixturesWithBetBuilders(es, indices.bet_builders), now);
}
