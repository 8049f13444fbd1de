import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureView } from "../../src/presenters/fixture-presenter.js";
import { getError, getOk, ids } from "../support/fixtures-api.js";
import { rawGet } from "../support/raw-get.js";
import { meetingsOf, summaryOf, type HeadToHeadSummary } from "../support/head-to-head-oracle.js";
import { indexSearchFixtures, type SearchFixtureSpec } from "../support/search-fixtures.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * GET /fixtures/head-to-head through the real app and node, on fixtures this file writes: teams
 * 8101 and 8102 meet six times (both directions, an awarded result, a draw without goals), and
 * meet in fixtures that are no meetings (upcoming, in play, cancelled, finished without a score);
 * 8103 plays each of them. The summary is checked by hand and against a count of the listed fixtures.
 */

let env: TestEnv;
const A = 8101;
const B = 8102;
const C = 8103;

function meeting(id: number, date: string, teams: [number, number], goals: [number, number] | undefined, status: SearchFixtureSpec["status"] = "FT"): SearchFixtureSpec {
  return { id, date_time: new Date(date), league_id: 81, status, teams, ...(goals ? { goals } : {}) };
}

const FIXTURES: SearchFixtureSpec[] = [
  meeting(8201, "2025-01-10T15:00:00Z", [A, B], [2, 1]),
  meeting(8202, "2025-02-10T15:00:00Z", [B, A], [0, 0]),
  meeting(8203, "2025-03-10T15:00:00Z", [B, A], [3, 0], "AWARDED"),
  meeting(8204, "2025-04-10T15:00:00Z", [A, B], [1, 1]),
  // Same kick-off: newest first means 8206 before 8205 (id descending).
  meeting(8205, "2025-05-10T15:00:00Z", [A, B], [1, 3]),
  meeting(8206, "2025-05-10T15:00:00Z", [B, A], [0, 2]),
  // Not meetings: upcoming, in play, cancelled, finished without a score.
  meeting(8207, "2027-01-10T15:00:00Z", [A, B], undefined, "NOT_STARTED"),
  meeting(8208, "2025-06-10T15:00:00Z", [A, B], [1, 0], "INPLAY_2ND_HALF"),
  meeting(8209, "2025-07-10T15:00:00Z", [A, B], undefined, "CANCELLED"),
  meeting(8210, "2025-08-10T15:00:00Z", [B, A], undefined),
  // Other opponents.
  meeting(8211, "2025-09-10T15:00:00Z", [A, C], [5, 0]),
  meeting(8212, "2025-10-10T15:00:00Z", [C, B], [0, 4]),
];

beforeAll(async () => {
  env = await startTestEnv();
  await indexSearchFixtures(env, FIXTURES);
});
afterAll(async () => {
  await env?.close();
});

type HeadToHead = { fixtures: FixtureView[]; summary: HeadToHeadSummary };

const headToHead = (query: string) => getOk<HeadToHead>(env, `/fixtures/head-to-head?${query}`);

describe("GET /fixtures/head-to-head", () => {
  it("lists the finished meetings of both directions, newest first, and sums them up", async () => {
    const body = await headToHead(`team_ids=${A},${B}`);
    expect(ids(body)).toEqual([8206, 8205, 8204, 8203, 8202, 8201]);
    // Wins: A 8201, 8206; B 8203 (awarded), 8205. Draws 8202, 8204. Goals 3+0+3+2+4+2 = 14. Both scored: 8201, 8204, 8205.
    expect(body.summary).toEqual({
      meetings: 6,
      teams: [
        { team_id: A, wins: 2 },
        { team_id: B, wins: 2 },
      ],
      draws: 2,
      average_goals: 2.333,
      both_teams_scored_share: 0.5,
    });
    // Recounted one by one from the listed fixtures (all six: limit 10), and which are meetings
    // worked out again from every fixture this file wrote, as /fixtures shows them.
    expect(body.summary).toEqual(summaryOf(body.fixtures, [A, B]));
    const all = await getOk<{ fixtures: FixtureView[] }>(env, `/fixtures?fixture_id=${FIXTURES.map((f) => f.id).join(",")}`);
    expect(all.fixtures).toHaveLength(FIXTURES.length);
    expect(ids(body)).toEqual(meetingsOf(all.fixtures, [A, B]).map((fixture) => fixture.id));
  });

  it("counts every meeting whatever limit lists, and names the teams in the order asked for", async () => {
    const body = await headToHead(`team_ids=${B},${A}&limit=2`);
    expect(ids(body)).toEqual([8206, 8205]);
    expect(body.summary).toMatchObject({ meetings: 6, teams: [{ team_id: B, wins: 2 }, { team_id: A, wins: 2 }], draws: 2 });
    const other = await headToHead(`team_ids=${A},${C}`);
    expect(ids(other)).toEqual([8211]);
    expect(other.summary).toEqual({ meetings: 1, teams: [{ team_id: A, wins: 1 }, { team_id: C, wins: 0 }], draws: 0, average_goals: 5, both_teams_scored_share: 0 });
    expect(other.summary).toEqual(summaryOf(other.fixtures, [A, C]));
  });

  it("answers an empty list, zeros and nulls for teams that never met (unknown ids included)", async () => {
    for (const pair of [`${A},999999`, `999999,${A}`]) {
      const [first, second] = pair.split(",").map(Number) as [number, number];
      expect(await headToHead(`team_ids=${pair}`)).toEqual({
        fixtures: [],
        summary: { meetings: 0, teams: [{ team_id: first, wins: 0 }, { team_id: second, wins: 0 }], draws: 0, average_goals: null, both_teams_scored_share: null },
      });
    }
  });

  it("shows each meeting in the Fixture shape of /fixtures, with the modules asked for and no stored result", async () => {
    const body = await headToHead(`team_ids=${A},${B}&limit=1&include=odds,metrics&language=de`);
    const [fixture] = await getOk<{ fixtures: FixtureView[] }>(env, "/fixtures?fixture_id=8206&include=odds,metrics&language=de").then((page) => page.fixtures);
    expect(body.fixtures).toEqual([fixture]);
    expect(Object.keys(body.fixtures[0]!)).not.toContain("final_result");
  });

  it("may be cached for a minute, with an ETag that a repeat matches (304)", async () => {
    const url = `${env.url}/fixtures/head-to-head?team_ids=${A},${B}`;
    const key = await env.createKey();
    // node:http, not fetch: fetch adds `Cache-Control: no-cache` to conditional requests.
    const first = await rawGet(url, { "X-API-Key": key });
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, max-age=60");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect((await rawGet(url, { "X-API-Key": key, "If-None-Match": etag })).status).toBe(304);
    // Another limit is another body: the tag follows the listed fixtures.
    expect((await rawGet(`${url}&limit=1`, { "X-API-Key": key, "If-None-Match": etag })).status).toBe(200);
  });

  it("refuses bad team_ids, limit and include, naming the parameter and the rule", async () => {
    const rule = "team_ids must be two different positive integer team ids, comma-separated, for example team_ids=8,564";
    expect(await getError(env, "/fixtures/head-to-head")).toBe(rule);
    expect(await getError(env, `/fixtures/head-to-head?team_ids=${A}`)).toBe(rule);
    expect(await getError(env, `/fixtures/head-to-head?team_ids=${A},${A}`)).toBe(rule);
    expect(await getError(env, `/fixtures/head-to-head?team_ids=${A},${B},${C}`)).toBe(rule);
    expect(await getError(env, `/fixtures/head-to-head?team_ids=${A},${B}&limit=51`)).toBe("limit must be an integer from 1 to 50");
    expect(await getError(env, `/fixtures/head-to-head?team_ids=${A},${B}&include=last_fixtures`)).toMatch(/^Unsupported include\(s\): last_fixtures/);
  });
});
