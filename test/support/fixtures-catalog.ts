import type { FixtureDocument } from "../../src/domain/fixture/fixture-document.js";
import { buildDataSetFromCatalog } from "../../src/ingest/data-set.js";
import { miniCatalog, type MiniMatch } from "./mini-catalog.js";

/**
 * The matches the /fixtures and /livescores tests load (through the real builder):
 * - team 11's home form (12 home matches, one of its away matches, a postponed home
 *   match, one at the same kick-off as fixture 100 and one after it) and team 12's away
 *   form (3 away matches and a home one) around fixture 100 (11 v 12);
 * - a day (2025-02-15) with exactly four fixtures, two at the same time, for paging,
 *   plus one a millisecond before and one at midnight after it;
 * - a knockout decided after extra time and penalties (trends over four periods);
 * - a match with a stage and a group;
 * - the simulated current season as of FIXTURES_NOW: two fixtures in play, one finished
 *   the week before, one tomorrow.
 */
export const FIXTURES_NOW = new Date("2026-11-21T15:30:00.000Z");

const WEEK_MS = 7 * 86_400_000;
const at = (start: string, weeks: number) => new Date(Date.parse(start) + weeks * WEEK_MS).toISOString();
const OPPONENTS = [13, 14, 15, 16];

export const FORM = {
  target: 100,
  sameKickoff: 101,
  after: 102,
  /** Team 11's home matches before fixture 100, oldest first. */
  homeOfHome: Array.from({ length: 12 }, (_, k) => 200 + k),
  /** Team 12's away matches before fixture 100, oldest first. */
  awayOfAway: [300, 301, 302],
  awayTeamAtHome: 310,
  homeTeamAway: 320,
  postponed: 330,
  /** The first match of team 15 at home: no previous home match. */
  first: 200,
} as const;

export const PAGING_DAY = { date: "2025-02-15", asc: [500, 501, 502, 503], before: 505, after: 504 } as const;
export const EXTRA_TIME = 400;
export const STAGED = 410;
export const LIVE = { first: 600, second: 601, upcoming: 602, finished: 603 } as const;

export const FIXTURE_MATCHES: MiniMatch[] = [
  ...FORM.homeOfHome.map((id, k): MiniMatch => ({
    id,
    home: 11,
    away: OPPONENTS[k % 4]!,
    date_time: at("2025-01-05T15:00:00.000Z", k),
    status: "FT",
    result: { ht: [k % 2, 0], ft: [1 + (k % 3), k % 2] },
  })),
  ...FORM.awayOfAway.map((id, k): MiniMatch => ({
    id,
    home: OPPONENTS[k]!,
    away: 12,
    date_time: at("2025-01-06T19:45:00.000Z", k),
    status: "FT",
    result: { ft: [0, 1] },
  })),
  { id: FORM.awayTeamAtHome, home: 12, away: 13, date_time: "2025-03-01T15:00:00.000Z", status: "FT", result: { ft: [2, 2] } },
  { id: FORM.homeTeamAway, home: 14, away: 11, date_time: "2025-03-02T15:00:00.000Z", status: "FT", result: { ft: [1, 0] } },
  { id: FORM.postponed, home: 11, away: 15, date_time: "2025-03-28T19:00:00.000Z", status: "POSTPONED" },
  { id: FORM.target, home: 11, away: 12, date_time: "2025-04-01T19:00:00.000Z", status: "FT", result: { ht: [1, 1], ft: [2, 1] } },
  { id: FORM.sameKickoff, home: 11, away: 16, date_time: "2025-04-01T19:00:00.000Z", status: "FT", result: { ft: [0, 0] } },
  { id: FORM.after, home: 11, away: 13, date_time: "2025-04-08T19:00:00.000Z", status: "FT", result: { ft: [3, 0] } },
  { id: 500, home: 13, away: 14, date_time: "2025-02-15T12:00:00.000Z", status: "FT", result: { ft: [1, 0] } },
  { id: 501, home: 15, away: 16, date_time: "2025-02-15T14:00:00.000Z", status: "FT", result: { ft: [1, 1] } },
  { id: 502, home: 14, away: 15, date_time: "2025-02-15T14:00:00.000Z", status: "FT", result: { ft: [0, 2] } },
  { id: 503, home: 16, away: 13, date_time: "2025-02-15T16:00:00.000Z", status: "FT", result: { ft: [2, 0] } },
  { id: PAGING_DAY.after, home: 15, away: 13, date_time: "2025-02-16T00:00:00.000Z", status: "FT", result: { ft: [0, 0] } },
  { id: PAGING_DAY.before, home: 16, away: 14, date_time: "2025-02-14T23:59:59.999Z", status: "FT", result: { ft: [0, 0] } },
  {
    id: EXTRA_TIME,
    home: 13,
    away: 14,
    date_time: "2025-03-08T15:00:00.000Z",
    status: "FT",
    result: { ht: [0, 0], ft: [0, 0], et: [1, 1], p: [4, 3] },
    knockout: true,
  },
  {
    id: STAGED,
    home: 15,
    away: 16,
    date_time: "2025-03-09T15:00:00.000Z",
    status: "FT",
    result: { ft: [1, 0] },
    stage: { id: 9001, name: "Group Stage" },
    group: { id: 9101, name: "Group A" },
  },
  { id: LIVE.first, home: 15, away: 16, date_time: "2026-11-21T14:45:00.000Z", status: "INPLAY_1ST_HALF", season: "current" },
  { id: LIVE.second, home: 13, away: 14, date_time: "2026-11-21T15:10:00.000Z", status: "INPLAY_1ST_HALF", season: "current" },
  { id: LIVE.upcoming, home: 11, away: 12, date_time: "2026-11-22T15:00:00.000Z", status: "NOT_STARTED", season: "current" },
  { id: LIVE.finished, home: 12, away: 11, date_time: "2026-11-14T15:00:00.000Z", status: "FT", season: "current" },
];

export const fixturesCatalog = () => miniCatalog(FIXTURE_MATCHES);

/** The production documents of these matches, in memory (for presenter unit tests). */
export function fixtureDocuments(matches: MiniMatch[] = FIXTURE_MATCHES, now: Date = FIXTURES_NOW): Map<number, FixtureDocument> {
  const { dataSet } = buildDataSetFromCatalog(miniCatalog(matches), now);
  const documents = new Map<number, FixtureDocument>();
  for (const { doc } of dataSet.fixtures.documents() as Iterable<{ id: string; doc: FixtureDocument }>) documents.set(doc.id, doc);
  return documents;
}
