/**
 * The requests the API differential sends to both services: every read endpoint, every include
 * and filter set of /fixtures, every window of /fixtures/search with and without `where` and
 * `order`, both backtests over a league's history and over every sampled day, head-to-head,
 * over a sample of ids, dates, seasons, leagues and teams taken from the data
 * (the same sample for both sides: the data is built from one source at one `now`).
 */
import type { Client } from "@elastic/elasticsearch";
import type { IndexNames } from "../../src/store/index-names.js";
import { backtestPath, inPlayBacktestPath } from "../lib/backtest-rules.js";
import { BROAD_ORDER, BROAD_WHERE } from "../lib/broad-filters.js";

type Sampled = { id: number; date_time: string; league: { id: number }; season: { id: number }; participants: Array<{ id: number; name: string }> };

const INCLUDE_SETS = [
  "",
  "odds",
  "statistics",
  "metrics",
  "fair_odds",
  "movement",
  "trends",
  "last_fixtures",
  "odds,statistics,metrics,fair_odds,movement,trends,last_fixtures",
];
const WINDOWS = ["live", "3", "6", "12", "24", "48", "168"];
const WHERE = BROAD_WHERE.slice(0, 5);
const ORDERS = [BROAD_ORDER, "order[CORNERS]=desc:HOME", "order[GOALS]=asc"];

export async function differentialRequests(es: Client, names: IndexNames, sample: number): Promise<string[]> {
  // Ids, days, seasons and teams from every season: the live part and history.
  const response = await es.search<Sampled>({
    index: names.fixtures_all,
    size: sample,
    _source: ["id", "date_time", "league.id", "season.id", "participants.id", "participants.name"],
    query: { function_score: { query: { match_all: {} }, functions: [{ random_score: { seed: 11, field: "_seq_no" } }] } },
  });
  const fixtures = response.hits.hits.map((hit) => hit._source!).sort((a, b) => a.id - b.id);
  const ids = fixtures.map((f) => f.id);
  const days = [...new Set(fixtures.map((f) => f.date_time.slice(0, 10)))].sort();
  const seasons = [...new Set(fixtures.map((f) => f.season.id))].sort((a, b) => a - b);
  const leagues = [...new Set(fixtures.map((f) => f.league.id))].sort((a, b) => a - b);
  const teams = [...new Set(fixtures.flatMap((f) => f.participants.map((p) => p.name)))].sort();
  const paths: string[] = ["/types", "/livescores", "/livescores?include=statistics,odds", "/livescores?include=metrics"];
  for (const [n, include] of INCLUDE_SETS.entries()) {
    const batch = ids.slice((n * 10) % Math.max(1, ids.length - 10), ((n * 10) % Math.max(1, ids.length - 10)) + 10);
    paths.push(`/fixtures?fixture_id=${batch.join(",")}${include ? `&include=${include}` : ""}`);
  }
  for (const id of ids.slice(0, 40)) paths.push(`/fixtures?fixture_id=${id}&include=odds,statistics,metrics,trends,last_fixtures&language=de`);
  for (const day of days.slice(0, 60)) paths.push(`/fixtures?date=${day}&include=statistics`);
  for (const season of seasons.slice(0, 40)) {
    paths.push(`/standings?season_id=${season}`);
    paths.push(`/fixtures?season_id=${season}&per_page=50&order=desc`);
  }
  for (const league of leagues.slice(0, 20)) paths.push(`/fixtures/search?window=168&league_id=${league}&include=metrics`);
  for (const window of WINDOWS) {
    paths.push(`/fixtures/search?window=${window}`);
    paths.push(`/fixtures/search?window=${window}&${WHERE[0]}&${ORDERS[0]}`);
    paths.push(`/fixtures/search?window=${window}&${WHERE.join("&")}&${ORDERS[0]}&include=metrics`);
    for (const order of ORDERS.slice(1)) paths.push(`/fixtures/search?window=${window}&${order}&include=statistics`);
  }
  paths.push("/fixtures/search?window=live&status=FT&per_page=50");
  for (const team of teams.slice(0, 40)) {
    paths.push(`/search?q=${encodeURIComponent(team)}&types=team,league`);
    paths.push(`/search?q=${encodeURIComponent(team.slice(0, Math.max(3, team.length - 2)))}&types=team,fixture`);
  }
  // Kick-off days from the first sampled to the last one past (a backtest reads finished fixtures):
  // the backtests' scopes, explicit so that the moment of the run does not move them.
  const today = new Date().toISOString().slice(0, 10);
  const range = `start_date=${days[0]}&end_date=${days.filter((day) => day < today).at(-1) ?? today}`;
  for (let i = 0; i < 12; i++) {
    const scope = i % 2 === 0 ? range : `league_id=${leagues[i % leagues.length]}&${range}`;
    paths.push(backtestPath(i, scope), inPlayBacktestPath(i, scope));
  }
  for (const fixture of fixtures.slice(0, 20)) {
    const [home, away] = fixture.participants;
    if (home && away) paths.push(`/fixtures/head-to-head?team_ids=${home.id},${away.id}`);
  }
  return paths;
}
