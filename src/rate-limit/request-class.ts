import type { ParsedUrlQuery } from "node:querystring";

/**
 * Which lane a request runs in, and the scope its cost is estimated by (src/rate-limit/cost-estimates.ts).
 * Expensive requests cost tens to thousands of times an ordinary one (docs/operations.md, "What
 * requests cost"): they run in a lane of their own with a per-key cap (src/rate-limit/expensive-lane.ts),
 * so ordinary requests never wait behind them. Read from the path and the raw query, before the
 * route validates anything: a request that fails validation costs what it measured (little).
 */
export type RequestClass = { lane: "ordinary" | "expensive"; scope: string };

const DAY_MS = 86_400_000;
/** A backtest's range when start_date is not given (backtest/kickoff-days.ts). */
const DEFAULT_BACKTEST_DAYS = 365;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function listOf(value: string | string[] | undefined): string[] {
  return (first(value) ?? "").split(",").map((item) => item.trim()).filter((item) => item !== "");
}

/** The kick-off range's length, as a power of two of days (a backtest's cost follows the bets in range). */
function rangeScope(query: ParsedUrlQuery, now: number): string {
  const end = Date.parse(first(query.end_date) ?? "") || now;
  const start = Date.parse(first(query.start_date) ?? "") || end - DEFAULT_BACKTEST_DAYS * DAY_MS;
  const days = Math.max(1, Math.round((end - start) / DAY_MS) + 1);
  return `days<=${2 ** Math.ceil(Math.log2(days))}`;
}

/** How many leagues a rule names (all of them when none). */
function leagueScope(query: ParsedUrlQuery): string {
  const leagues = listOf(query.league_id).length;
  return leagues === 0 ? "leagues=all" : `leagues=${Math.min(leagues, 10)}`;
}

/** The page size asked for, in steps (a page's cost follows its fixtures). */
function pageScope(query: ParsedUrlQuery): string {
  const ids = listOf(query.fixture_id).length;
  const perPage = Number(first(query.per_page)) || 0;
  const size = ids > 0 ? ids : perPage;
  return `size<=${size <= 10 ? 10 : size <= 25 ? 25 : size <= 50 ? 50 : 100}`;
}

export function requestClass(path: string, query: ParsedUrlQuery, now = Date.now()): RequestClass {
  if (path === "/fixtures/backtest" || path === "/fixtures/backtest/in-play") {
    return { lane: "expensive", scope: `${path} ${leagueScope(query)} ${rangeScope(query, now)}` };
  }
  if (path === "/fixtures") {
    const heavy = listOf(query.include).filter((include) => include === "last_fixtures" || include === "trends");
    if (heavy.length > 0) return { lane: "expensive", scope: `/fixtures ${heavy.sort().join("+")} ${pageScope(query)}` };
  }
  if (path === "/search" && listOf(query.types).includes("fixture")) {
    return { lane: "expensive", scope: "/search fixture" };
  }
  return { lane: "ordinary", scope: path };
}
