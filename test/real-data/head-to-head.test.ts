import { describe, expect, it } from "vitest";
import { Random } from "../../src/domain/football/random.js";
import type { FixtureView } from "../../src/presenters/fixture-presenter.js";
import { getOk } from "../support/fixtures-api.js";
import { isMeeting, meetingsOf, summaryOf, teamsOf, type HeadToHeadSummary } from "../support/head-to-head-oracle.js";
import { useRealDataEnv } from "../support/real-data-env.js";

/**
 * GET /fixtures/head-to-head on the real data against a recomputation from GET /fixtures: every
 * fixture read season by season (no module: the scores are in the base shape), the pairs that
 * met most and a seeded draw of others, each asked in a random order of the two teams. The
 * meetings listed (ids, order, and each object as /fixtures shows it) and every summary figure
 * must be equal.
 */

const { realData, env } = useRealDataEnv();
const SEED = Number(process.env.HEAD_TO_HEAD_SEED ?? 38);
const LIMIT = 50;

type Page = { fixtures: FixtureView[]; pagination: { has_more: boolean } };
type HeadToHead = { fixtures: FixtureView[]; summary: HeadToHeadSummary };

/** Every fixture as GET /fixtures shows it, season by season; season ids from the seasons index (enumeration only). */
async function everyFixture(): Promise<FixtureView[]> {
  const seasons = await env().es.search<{ id: number }>({ index: env().deps.indices.seasons, size: 1000, _source: ["id"] });
  const fixtures: FixtureView[] = [];
  for (const hit of seasons.hits.hits) {
    for (let page = 1; ; page++) {
      const body = await getOk<Page>(env(), `/fixtures?season_id=${hit._source!.id}&per_page=100&page=${page}`);
      fixtures.push(...body.fixtures);
      if (!body.pagination.has_more) break;
    }
  }
  return fixtures;
}

/** Unordered pairs of teams that met, with how often: the most frequent 3 and 12 drawn by the seed. */
function pickPairs(fixtures: readonly FixtureView[], random: Random): Array<[number, number]> {
  const counts = new Map<string, number>();
  for (const fixture of fixtures.filter(isMeeting)) {
    const key = [...teamsOf(fixture)].sort((a, b) => a - b).join(",");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const ranked = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const rest = ranked.slice(3);
  const drawn = Array.from({ length: 12 }, () => rest[random.int(0, rest.length - 1)]!);
  return [...ranked.slice(0, 3), ...drawn].map(([key]) => {
    const pair = key.split(",").map(Number) as [number, number];
    // Either order: the summary names the teams in the order asked for.
    return random.chance(0.5) ? pair : [pair[1], pair[0]];
  });
}

describe.skipIf(!realData)("GET /fixtures/head-to-head against a recomputation from /fixtures (real data)", () => {
  it(`lists and sums up the meetings of real pairs exactly as recomputed (seed ${SEED})`, { timeout: 900_000 }, async () => {
    const fixtures = await everyFixture();
    let meetingsSeen = 0;
    for (const pair of pickPairs(fixtures, new Random(`head-to-head:${SEED}`))) {
      const meetings = meetingsOf(fixtures, pair);
      const actual = await getOk<HeadToHead>(env(), `/fixtures/head-to-head?team_ids=${pair.join(",")}&limit=${LIMIT}`);
      expect(actual.summary, `team_ids=${pair.join(",")}`).toEqual(summaryOf(meetings, pair));
      expect(actual.fixtures, `team_ids=${pair.join(",")}`).toEqual(meetings.slice(0, LIMIT));
      meetingsSeen += meetings.length;
    }
    // The pairs must have met, or equality proves little; and two teams that never met have nothing.
    expect(meetingsSeen).toBeGreaterThan(50);
    const [first, second] = teamsOf(fixtures.find(isMeeting)!);
    // Who met the first team, in one pass: asking meetingsOf team by team took seconds on a slow
    // machine, long enough for the server to close the idle keep-alive connection under the client.
    const opponents = new Set(fixtures.filter((fixture) => isMeeting(fixture) && teamsOf(fixture).includes(first)).flatMap(teamsOf));
    const loner = fixtures.flatMap(teamsOf).find((team) => team !== first && !opponents.has(team))!;
    expect(meetingsOf(fixtures, [first, loner])).toEqual([]);
    const none = await getOk<HeadToHead>(env(), `/fixtures/head-to-head?team_ids=${first},${loner}`);
    expect(none).toEqual({ fixtures: [], summary: summaryOf([], [first, loner]) });
    expect(second).not.toBe(loner);
  });
});
