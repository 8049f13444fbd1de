import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Random } from "../../src/domain/football/random.js";
import { FIXTURE_STATUSES, type FixtureStatus } from "../../src/domain/types/statuses.js";
import { FILTERABLE_TYPES } from "../../src/domain/types/types.js";
import type { Location } from "../../src/domain/fixture-parts.js";
import { LOCATIONS, type WhereCondition } from "../../src/search/fixtures-search/conditions.js";
import { fixturesSearchRequest } from "../../src/search/fixtures-search/search-request.js";
import { fullPageWindow } from "../../src/search/page-window.js";
import type { SearchWindow } from "../../src/search/fixtures-search/window-filter.js";
import { buildLivescoresSearch } from "../../src/search/fixture-list/livescores-query.js";
import { wholeResultSet } from "../../src/search/streams/standing-request.js";
import type { NamedQuery } from "../../src/search/streams/named-queries.js";
import { StandingReader } from "../../src/streams/standing-reader.js";
import { indexSearchFixtures, type SearchFixtureSpec, type ValueSpec } from "../support/search-fixtures.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";
import { DEFAULT_LIVE_HOURS } from "../../src/config.js";

/**
 * The same answer, proven: for many random standing queries over stored fixtures, the
 * membership a round computes (the distinct clauses asked once, named, over the changed
 * fixtures; and a membership check's named queries over the whole index) equals each query's
 * own search, the polled endpoint's, query by query. Queries cover every kind of where key
 * (statistics and metrics, home, away and league scopes), every window, explicit statuses,
 * leagues, empty and full ranges, and statistics no fixture has; livescores queries too.
 */
const FIXTURES = 400;
const QUERIES = 600;
const WINDOWS: SearchWindow[] = ["live", 3, 6, 12, 24, 48, 168];
const LEAGUES = [11, 12, 13, 14];
const HOUR = 3_600_000;
const NAMES = [...FILTERABLE_TYPES.keys()];
const USED_NAMES = NAMES.slice(0, 12);
const UNUSED_NAME = NAMES.at(-1)!;

let env: TestEnv;
const now = new Date();
const random = new Random("stream-membership-differential");

function fixtures(): SearchFixtureSpec[] {
  return Array.from({ length: FIXTURES }, (_, i) => {
    const values = (count: number): ValueSpec[] =>
      Array.from({ length: count }, () => [random.pick(USED_NAMES), random.pick(["home", "away", "league"] as Location[]), random.int(0, 20)]);
    return {
      id: 70_000 + i,
      // Kick-offs from 3 hours ago to 8 days ahead, none within a minute of a window's edge.
      date_time: new Date(now.getTime() + Math.round((-3 + random.int(0, 200 * 60) / 60) * HOUR) + 90_000),
      status: random.pick([...FIXTURE_STATUSES]),
      league_id: random.pick(LEAGUES),
      statistics: values(random.int(0, 4)),
      metrics: values(random.int(0, 3)),
    };
  });
}

function where(): WhereCondition {
  const name = random.chance(0.1) ? UNUSED_NAME : random.pick(USED_NAMES);
  const location = random.pick([...LOCATIONS]);
  const shape = random.int(0, 3);
  if (shape === 0) return { name, location, min: 0, max: 1_000_000 }; // full
  if (shape === 1) return { name, location, min: 21, max: 30 }; // empty: no stored value is above 20
  const min = random.int(0, 15);
  return { name, location, min, max: min + random.int(0, 8) };
}

function query(i: number): NamedQuery {
  const index = env.deps.indices.fixtures;
  if (random.chance(0.15)) {
    const leagueIds = random.chance(0.5) ? [random.pick(LEAGUES)] : undefined;
    return { name: `q${i}`, query: buildLivescoresSearch({ index, sportId: 1, leagueIds, includes: new Set() }).query! };
  }
  const statuses = random.chance(0.2) ? [random.pick([...FIXTURE_STATUSES]), random.pick([...FIXTURE_STATUSES])] as FixtureStatus[] : undefined;
  const leagueIds = random.chance(0.3) ? [random.pick(LEAGUES), random.pick(LEAGUES)] : undefined;
  const input = {
    window: random.pick(WINDOWS),
    statuses,
    leagueIds,
    where: Array.from({ length: random.int(0, 3) }, where),
    order: null,
    includes: new Set<never>(),
    pageWindow: fullPageWindow(1, 1),
  };
  return { name: `q${i}`, query: fixturesSearchRequest(input, { index, now, liveHours: DEFAULT_LIVE_HOURS }).query! };
}

/** Each query's own answer: its whole result set, asked alone. */
async function truth(named: NamedQuery): Promise<Set<number>> {
  const hits = await env.es.search({ ...wholeResultSet({ index: env.deps.indices.fixtures, query: named.query }, 5_000), _source: false });
  return new Set(hits.hits.hits.map((hit) => Number(hit._id)));
}

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

beforeAll(async () => {
  env = await startTestEnv();
  await indexSearchFixtures(env, fixtures());
});

afterAll(async () => {
  await env?.close();
});

describe("a round's membership against each query's own search", () => {
  it("is the same, query by query, for a change round over every fixture and for a membership check", async () => {
    const queries = Array.from({ length: QUERIES }, (_, i) => query(i));
    const expected = new Map<string, Set<number>>();
    for (const named of queries) expected.set(named.name, await truth(named));
    const reader = new StandingReader(env.es, env.deps.indices.fixtures, "differential");
    const ids = Array.from({ length: FIXTURES }, (_, i) => 70_000 + i);
    const changed = await reader.whichMatch(queries, ids);
    const checked = await reader.matchesOfAll(queries);
    expect(changed.failed.size).toBe(0);
    expect(checked.failed.size).toBe(0);

    const differing = queries.filter(({ name }) => {
      const want = sorted(expected.get(name)!);
      return JSON.stringify(sorted(changed.matches.get(name)!.keys())) !== JSON.stringify(want) ||
        JSON.stringify(sorted(checked.matches.get(name)!.keys())) !== JSON.stringify(want);
    });
    expect(differing.map(({ name }) => name)).toEqual([]);

    // The comparison means something: many memberships, and queries that match nothing, some, and much.
    const sizes = [...expected.values()].map((set) => set.size);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeGreaterThan(2_000);
    expect(sizes.filter((size) => size === 0).length).toBeGreaterThan(20);
    expect(sizes.filter((size) => size > 0 && size < 20).length).toBeGreaterThan(20);
    expect(Math.max(...sizes)).toBeGreaterThan(50);
  });
});
