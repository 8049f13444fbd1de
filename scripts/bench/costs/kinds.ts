import type { Client } from "@elastic/elasticsearch";
import { SELECTIONS } from "../../../src/domain/football/odds/markets.js";
import type { IndexNames } from "../../../src/store/index-names.js";
import type { LoadTargets } from "../../load/targets.js";

/** One kind of request bench:costs measures: each call another request of the kind. */
export type CostKind = { name: string; path: (i: number) => string };

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;
const WHERES = ["", "&where[PREDICTION_HOME_WIN_PROBABILITY]=40:70", "&where[PREDICTION_EXPECTED_GOALS]=200:320&where[SMART_MONEY_HOME_ODDS_DROP]=-500:2000"];

/** Another selection, price and rule for each backtest, as bench:backtest turns them. */
function backtestRule(i: number): string {
  const selection = pick(SELECTIONS, i);
  const line = selection.line ? `&line=${selection.line}` : "";
  return `market_id=${selection.market.id}&label_id=${selection.label.id}${line}${pick(WHERES, i)}`;
}

/** The first day of the catalogue's finished fixtures: all history starts there. */
async function firstDay(es: Client, names: IndexNames): Promise<string> {
  const response = await es.search<unknown, { first: { value_as_string: string } }>({
    index: names.fixtures_all,
    size: 0,
    aggs: { first: { min: { field: "date_time", format: "yyyy-MM-dd" } } },
  });
  return response.aggregations!.first.value_as_string;
}

/**
 * The kinds: the ordinary requests of a score page and a scanner, then the expensive ones
 * (src/rate-limit/request-class.ts), each with values from the data so every request finds something.
 */
export async function costKinds(es: Client, names: IndexNames, targets: LoadTargets): Promise<CostKind[]> {
  const start = await firstDay(es, names);
  const ids = (i: number) => targets.stableIds.slice((i * 10) % Math.max(1, targets.stableIds.length - 10), ((i * 10) % Math.max(1, targets.stableIds.length - 10)) + 10);
  const team = (i: number) => encodeURIComponent(pick(targets.teamNames, i));
  return [
    { name: "fixture by id (metrics)", path: (i) => `/fixtures?fixture_id=${pick(targets.stableIds, i)}&include=metrics` },
    { name: "10 fixtures by id (metrics)", path: (i) => `/fixtures?fixture_id=${ids(i).join(",")}&include=metrics` },
    { name: "fixtures by day (statistics)", path: (i) => `/fixtures?date=${pick(targets.days, i)}&include=statistics` },
    { name: "live search (statistics)", path: (i) => `/fixtures/search?window=live&include=statistics&where[GOALS]=${i % 3}:99:LEAGUE` },
    { name: "upcoming search, 48 h", path: () => "/fixtures/search?window=48&order[GOALS]=desc" },
    { name: "livescores (statistics)", path: () => "/livescores?include=statistics" },
    { name: "entity search, teams and leagues", path: (i) => `/search?q=${team(i)}&types=team,league` },
    { name: "entity search with fixtures", path: (i) => `/search?q=${team(i)}&types=team,league,fixture` },
    { name: "fixtures by day, trends", path: (i) => `/fixtures?date=${pick(targets.days, i)}&include=trends` },
    { name: "fixtures by day, last_fixtures", path: (i) => `/fixtures?date=${pick(targets.days, i)}&include=last_fixtures` },
    { name: "backtest, last 365 days", path: (i) => `/fixtures/backtest?${backtestRule(i)}` },
    { name: "backtest, all history", path: (i) => `/fixtures/backtest?${backtestRule(i)}&start_date=${start}` },
  ];
}
