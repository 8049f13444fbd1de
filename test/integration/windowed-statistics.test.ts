import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveSimulator } from "../../src/live/simulator.js";
import { WINDOWED_STATISTIC_TYPES } from "../../src/domain/types/windowed-types.js";
import { matchClock } from "../support/match-clock.js";
import { loadCatalog, miniCatalog } from "../support/mini-catalog.js";
import { StreamClient } from "../support/stream-client.js";
import { expectConvergence } from "../support/stream-convergence.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";
import { windowedOracle } from "../support/windowed-oracle.js";

/**
 * The windowed in-play statistics (NAME_LAST_5/10/15) through the real app, node and update
 * path, while the live simulator plays a whole slate at speed 60 (half a match minute every
 * half real second): after every step that wrote, every fixture in play, read with
 * include=statistics,trends, carries exactly the values the definition gives from its trends;
 * where and order over a windowed name select and sort as those values say; and a stream over
 * one lets fixtures enter as their last ten minutes heat up and leave as they cool.
 */
const { start, at, upcoming } = matchClock();
const LEAGUE_MATCHES = [1, 2];
/** Cup ties level after 90 minutes go to extra time (checked below: the ordering across periods matters there). */
const CUP_TIES = [21, 22, 23, 24, 25, 26, 27, 28];
const SLATE = [...LEAGUE_MATCHES, ...CUP_TIES];
const STEP_MINUTES = 0.5;
const STEP_REAL_MS = 500;
const HOT = "where[DANGEROUS_ATTACKS_LAST_10]=13:1000";
const HOT_PATH = `/fixtures/search?window=live&per_page=50&${HOT}`;

type Stat = { team_id: number; developer_name: string; value: number; location?: string };
type Trend = { team_id: number; period_id: number; minute: number; developer_name: string; value: number };
type ReadFixture = { id: number; status: string; is_live: boolean; home_team_id?: number; participants: Array<{ id: number; location: string }>; statistics: Stat[]; trends?: Trend[] };

let env: TestEnv;
let key: string;
let stream: StreamClient;
/** Everything checked while playing, read by the tests below. */
const seen = { writes: 0, fixtureChecks: 0, extraTimeChecks: 0, whereChecks: 0, orderChecks: 0, convergences: 0, heated: 0, cooled: 0, mismatches: [] as string[] };
/** At full time: each fixture's windowed values, and the definition's from its final trends. */
const finalValues = new Map<number, { stored: Map<string, number>; expected: Map<string, number> }>();
/** Fixtures in play whose DANGEROUS_ATTACKS_LAST_10 is in the stream's range (HOT), at the last write. */
let hot = new Set<number>();

const WINDOWED_NAMES = new Set(WINDOWED_STATISTIC_TYPES.map((type) => type.developer_name));
const LOCATIONS = ["home", "away", "league"] as const;

function sideIds(fixture: ReadFixture): { home: number; away: number } {
  const of = (location: string) => fixture.participants.find((p) => p.location === location)?.id ?? -1;
  return { home: of("home"), away: of("away") };
}

function windowedOf(fixture: ReadFixture): Map<string, number> {
  const { home } = sideIds(fixture);
  return new Map(
    fixture.statistics
      .filter((entry) => WINDOWED_NAMES.has(entry.developer_name))
      .map((entry) => [`${entry.developer_name}:${entry.team_id === 0 ? "league" : entry.team_id === home ? "home" : "away"}`, entry.value]),
  );
}

async function json<T>(path: string): Promise<T> {
  const response = await env.get(path, { key });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function slate(): Promise<ReadFixture[]> {
  const path = `/fixtures?fixture_id=${SLATE.join(",")}&include=statistics,trends&per_page=100`;
  return (await json<{ fixtures: ReadFixture[] }>(path)).fixtures;
}

/** Every fixture in play carries the definition's values, recomputed here from its own trends. */
function checkDefinition(fixtures: ReadFixture[]): void {
  for (const fixture of fixtures.filter((f) => f.is_live && (f.trends?.length ?? 0) > 0)) {
    const expected = windowedOracle(fixture.trends!, sideIds(fixture));
    const actual = windowedOf(fixture);
    seen.fixtureChecks++;
    if (fixture.status === "INPLAY_ET") seen.extraTimeChecks++;
    if (actual.size !== expected.size) seen.mismatches.push(`fixture ${fixture.id} (${fixture.status}): ${actual.size} windowed values, expected ${expected.size}`);
    for (const [name, value] of expected) {
      if (actual.get(name) !== value) seen.mismatches.push(`fixture ${fixture.id} (${fixture.status}) ${name}: ${actual.get(name)}, expected ${value}`);
    }
  }
}

/** Counts fixtures that heat up or cool down while in play, from the values read (what the stream must follow). */
function followHeat(fixtures: ReadFixture[]): void {
  const now = new Set(fixtures.filter((f) => f.is_live && (windowedOf(f).get("DANGEROUS_ATTACKS_LAST_10:league") ?? -1) >= 13).map((f) => f.id));
  for (const fixture of fixtures.filter((f) => f.is_live)) {
    if (now.has(fixture.id) && !hot.has(fixture.id)) seen.heated++;
    if (!now.has(fixture.id) && hot.has(fixture.id)) seen.cooled++;
  }
  hot = now;
}

/** where[] over a windowed name returns exactly the fixtures in play whose value is in range; order[] sorts by it. */
async function checkWhereAndOrder(fixtures: ReadFixture[], minute: number): Promise<void> {
  const live = fixtures.filter((f) => f.is_live && (f.trends?.length ?? 0) > 0);
  if (live.length < 2) return;
  const type = WINDOWED_STATISTIC_TYPES[Math.floor(minute) % WINDOWED_STATISTIC_TYPES.length]!;
  const location = LOCATIONS[Math.floor(minute) % LOCATIONS.length]!;
  const valueOf = (fixture: ReadFixture) => windowedOf(fixture).get(`${type.developer_name}:${location}`) ?? -1;
  const values = live.map(valueOf).sort((a, b) => a - b);
  const [min, max] = [values[0]!, values[Math.floor(values.length / 2)]!];
  const wanted = live.filter((f) => valueOf(f) >= min && valueOf(f) <= max).map((f) => f.id).sort((a, b) => a - b);
  const where = `where[${type.developer_name}]=${min}:${max}:${location.toUpperCase()}`;
  const found = (await json<{ fixtures: Array<{ id: number }> }>(`/fixtures/search?window=live&per_page=50&${where}`)).fixtures.map((f) => f.id).sort((a, b) => a - b);
  seen.whereChecks++;
  if (JSON.stringify(found) !== JSON.stringify(wanted)) seen.mismatches.push(`minute ${minute} ${where}: ${found}, expected ${wanted}`);

  const order = `order[${type.developer_name}]=DESC:${location.toUpperCase()}`;
  const ordered = (await json<{ fixtures: Array<{ id: number }> }>(`/fixtures/search?window=live&per_page=50&${order}`)).fixtures.map((f) => f.id);
  const byId = new Map(live.map((f) => [f.id, valueOf(f)]));
  const orderedValues = ordered.filter((id) => byId.has(id)).map((id) => byId.get(id)!);
  seen.orderChecks++;
  if (JSON.stringify(orderedValues) !== JSON.stringify([...orderedValues].sort((a, b) => b - a)) || orderedValues.length !== live.length) {
    seen.mismatches.push(`minute ${minute} ${order}: values ${orderedValues} of ${live.length} in play`);
  }
}

beforeAll(async () => {
  env = await startTestEnv({ STREAM_POLL_MS: "100", STREAM_REFRESH_MS: "2000", STREAM_HEARTBEAT_MS: "1000" });
  key = await env.createKey();
  await loadCatalog(
    env,
    miniCatalog([
      { id: 3, home: 13, away: 14, date_time: at(-60 * 24 * 7).toISOString(), status: "FT", season: "current" },
      upcoming(LEAGUE_MATCHES[0]!, 11, 12, 1),
      upcoming(LEAGUE_MATCHES[1]!, 12, 11, 4),
      ...CUP_TIES.map((id, i) => ({ ...upcoming(id, 13 + (i % 2), 15 + (i % 2), 3), knockout: true })),
    ]),
    start,
  );
  const simulator = new LiveSimulator(env.es, env.deps.indices, { startAt: start, speed: 60 });
  stream = new StreamClient(`${env.url}/fixtures/search/stream?window=live&include=statistics&${HOT}`, key);
  for (let minute = 0; minute <= 200; minute += STEP_MINUTES) {
    const began = Date.now();
    const report = await simulator.step(at(minute));
    if (report.written > 0) {
      seen.writes++;
      await env.es.indices.refresh({ index: env.deps.indices.fixtures });
      const fixtures = await slate();
      checkDefinition(fixtures);
      followHeat(fixtures);
      if (minute % 3 === 0) await checkWhereAndOrder(fixtures, minute);
      if (minute % 15 === 0) {
        await expectConvergence(env, stream, `${HOT_PATH}&include=statistics`, key);
        seen.convergences++;
      }
      if (fixtures.every((f) => f.status === "FT")) {
        for (const fixture of fixtures) finalValues.set(fixture.id, { stored: windowedOf(fixture), expected: windowedOracle(fixture.trends ?? [], sideIds(fixture)) });
        break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, STEP_REAL_MS - (Date.now() - began))));
  }
}, 600_000);

afterAll(async () => {
  stream?.close();
  await env?.close();
});

describe("windowed in-play statistics while the simulator plays a slate at speed 60", () => {
  it("equal the definition recomputed from include=trends for every fixture in play at every write", () => {
    expect(seen.mismatches.slice(0, 20)).toEqual([]);
    expect(seen.writes).toBeGreaterThan(100);
    expect(seen.fixtureChecks).toBeGreaterThan(seen.writes);
    expect(seen.extraTimeChecks).toBeGreaterThan(0);
  });

  it("select with where and sort with order like any other statistic", () => {
    expect(seen.whereChecks).toBeGreaterThan(20);
    expect(seen.orderChecks).toBe(seen.whereChecks);
  });

  it("are kept at their last values once a fixture leaves play", () => {
    expect(finalValues.size).toBe(SLATE.length);
    for (const [id, { stored, expected }] of finalValues) {
      expect(stored.size, `fixture ${id}`).toBe(WINDOWED_STATISTIC_TYPES.length * 3);
      expect(stored, `fixture ${id}`).toEqual(expected);
    }
  });

  it("let a stream's fixtures enter as their last ten minutes heat up and leave as they cool", () => {
    expect(seen.convergences).toBeGreaterThan(3);
    // In play, not only at kick-off and full time: the condition changes with the window.
    expect(seen.heated).toBeGreaterThan(0);
    expect(seen.cooled).toBeGreaterThan(0);
    expect(stream.count("enter")).toBeGreaterThan(0);
    expect(stream.count("leave")).toBeGreaterThan(0);
  });
});
