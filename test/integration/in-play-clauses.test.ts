import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { estypes } from "@elastic/elasticsearch";
import { indexedState, type InPlayState } from "../../src/domain/fixture/in-play-states.js";
import type { EffectiveValue } from "../../src/domain/fixture-parts.js";
import type { WhereCondition } from "../../src/search/fixtures-search/conditions.js";
import { whereClauses } from "../../src/search/fixtures-search/where-clauses.js";
import { STATES_PATH, stateMatch } from "../../src/search/backtest/in-play-clauses.js";
import { random } from "../support/seeded-random.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * The in-play rule's compilation to the states (one nested document a state, a field a value, zeros
 * left out) against the nested builder of /fixtures/search (one `effective` document a value) on
 * the same values: documents carrying both shapes, random conditions compiled both ways, the same
 * fixtures matched, through the real node.
 */

let env: TestEnv;
const NAMES = ["GOALS", "CORNERS", "DANGEROUS_ATTACKS_LAST_10"] as const;
const LOCATIONS = ["HOME", "AWAY", "LEAGUE"] as const;
const DOCUMENTS = 120;
const MINUTES = { from: 1, to: 90 };

const next = random(53);
const small = () => Math.floor(next() * 4);

/** One fixture with one state whose values are also its `effective` values (zeros only in `effective`). */
function document(id: number) {
  const state: InPlayState = { fixture_id: id, minute: 10, goal_after: false, home_goal_after: false, away_goal_after: false, home: {}, away: {}, league: {} };
  const effective: EffectiveValue[] = [];
  for (const name of NAMES) {
    const home = small();
    const away = small();
    for (const [location, value] of [["home", home], ["away", away], ["league", home + away]] as const) {
      effective.push({ name, location, value });
      if (value !== 0) state[location][name] = value;
    }
  }
  return { id, effective, in_play: [indexedState(state)] };
}

beforeAll(async () => {
  env = await startTestEnv();
  const operations = Array.from({ length: DOCUMENTS }, (_, k) => document(9100 + k)).flatMap((doc) => [
    { index: { _index: env.deps.indices.fixtures, _id: String(doc.id) } },
    doc,
  ]);
  const response = await env.es.bulk({ refresh: true, operations });
  expect(response.errors).toBe(false);
}, 60_000);

afterAll(async () => {
  await env?.close();
});

/** A fixture with a state of the minutes where every condition holds. */
const firedOn = (conditions: WhereCondition[], minutes: { from: number; to: number }): estypes.QueryDslQueryContainer => ({
  nested: { path: STATES_PATH, query: stateMatch(conditions, minutes) },
});

async function matched(query: estypes.QueryDslQueryContainer): Promise<number[]> {
  const response = await env.es.search<{ id: number }>({ index: env.deps.indices.fixtures, size: DOCUMENTS, _source: ["id"], query });
  return response.hits.hits.map((hit) => hit._source!.id).sort((a, b) => a - b);
}

describe("an in-play rule compiled to the states", () => {
  it("matches the fixtures the nested builder matches on the same values, ranges with and without 0", async () => {
    let nonEmpty = 0;
    let withZero = 0;
    for (let trial = 0; trial < 40; trial++) {
      const conditions: WhereCondition[] = Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
        const min = small() - 1;
        return { name: NAMES[Math.floor(next() * NAMES.length)]!, location: LOCATIONS[Math.floor(next() * 3)]!, min, max: min + small() };
      });
      const nested = await matched({ bool: { filter: whereClauses(conditions) } });
      const states = await matched(firedOn(conditions, MINUTES));
      expect(states, JSON.stringify(conditions)).toEqual(nested);
      if (nested.length > 0) nonEmpty++;
      if (conditions.some((c) => c.min <= 0 && c.max >= 0)) withZero++;
    }
    expect(nonEmpty).toBeGreaterThan(10);
    expect(withZero).toBeGreaterThan(10);
  });

  it("tries only the states of the minute range", async () => {
    const all = await matched(firedOn([], MINUTES));
    expect(all).toHaveLength(DOCUMENTS);
    expect(await matched(firedOn([], { from: 11, to: 90 }))).toEqual([]);
    expect(await matched(firedOn([], { from: 10, to: 10 }))).toEqual(all);
  });
});
