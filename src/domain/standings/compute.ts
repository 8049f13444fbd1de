import { STANDING_TYPES } from "../types/standing-types.js";
import { tablesOfSeason, type TableFixture, type TablePlan } from "./table-plan.js";
import { positionNote } from "./table-rules.js";

export type { TableFixture } from "./table-plan.js";

export type TableTeam = { id: number; name: string };

export type StandingStatistic = { team_id: number; type_id: number; developer_name: string; value: number };

export type StandingRow = {
  season: { id: number; name: string };
  stage: { id: number; name: string } | null;
  group: { id: number; name: string } | null;
  position: number;
  team: TableTeam;
  points: number;
  result: string | null;
  statistics: StandingStatistic[];
};

type Tally = { played: number; won: number; drawn: number; lost: number; goalsFor: number; goalsAgainst: number };
const emptyTally = (): Tally => ({ played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 });
const points = (t: Tally) => t.won * 3 + t.drawn;

/**
 * The tables of one season (docs/api-behaviour.md, "Standings tables"): one per stage and group
 * (which fixtures form which table: table-plan.ts), counting finished fixtures with
 * their final goals (3 points a win, 1 a draw), ranked by points, goal difference,
 * goals scored, then English team name, so positions never depend on a language.
 * Every team with a fixture in the table has a row, also before it has played.
 * Rows come ordered by stage, group, position.
 */
export function computeSeasonTables(input: {
  season: { id: number; name: string };
  leagueCode: string;
  fixtures: TableFixture[];
  teams: ReadonlyMap<number, TableTeam>;
}): StandingRow[] {
  const teamName = (id: number) => input.teams.get(id)?.name ?? String(id);
  const rows: StandingRow[] = [];
  for (const table of tablesOfSeason(input.fixtures)) {
    const tallies = tally(table);
    const ranked = [...tallies.overall].sort(([idA, a], [idB, b]) => {
      return (
        points(b) - points(a) ||
        b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) ||
        b.goalsFor - a.goalsFor ||
        teamName(idA).localeCompare(teamName(idB), "en") ||
        idA - idB
      );
    });
    ranked.forEach(([teamId, overall], index) => {
      const position = index + 1;
      rows.push({
        season: input.season,
        stage: table.stage,
        group: table.group,
        position,
        team: { id: teamId, name: teamName(teamId) },
        points: points(overall),
        result: positionNote(input.leagueCode, table.stage?.name ?? null, position, ranked.length),
        statistics: [
          ...tallyStatistics(teamId, "OVERALL", overall),
          ...tallyStatistics(teamId, "HOME", tallies.home.get(teamId)!),
          ...tallyStatistics(teamId, "AWAY", tallies.away.get(teamId)!),
        ],
      });
    });
  }
  return rows;
}

function tally(table: TablePlan): { overall: Map<number, Tally>; home: Map<number, Tally>; away: Map<number, Tally> } {
  const overall = new Map<number, Tally>();
  const home = new Map<number, Tally>();
  const away = new Map<number, Tally>();
  for (const fixture of table.fixtures) {
    for (const teamId of [fixture.home_team_id, fixture.away_team_id]) {
      for (const tallies of [overall, home, away]) if (!tallies.has(teamId)) tallies.set(teamId, emptyTally());
    }
    if (!fixture.goals) continue;
    const { home: homeGoals, away: awayGoals } = fixture.goals;
    record(overall.get(fixture.home_team_id)!, homeGoals, awayGoals);
    record(home.get(fixture.home_team_id)!, homeGoals, awayGoals);
    record(overall.get(fixture.away_team_id)!, awayGoals, homeGoals);
    record(away.get(fixture.away_team_id)!, awayGoals, homeGoals);
  }
  return { overall, home, away };
}

function record(tally: Tally, scored: number, conceded: number): void {
  tally.played++;
  tally.goalsFor += scored;
  tally.goalsAgainst += conceded;
  if (scored > conceded) tally.won++;
  else if (scored === conceded) tally.drawn++;
  else tally.lost++;
}

const TYPE_BY_NAME = new Map(STANDING_TYPES.map((type) => [type.developer_name, type.type_id]));

function tallyStatistics(teamId: number, scope: "OVERALL" | "HOME" | "AWAY", tally: Tally): StandingStatistic[] {
  const values: Array<[string, number]> = [
    ["MATCHES_PLAYED", tally.played],
    ["WON", tally.won],
    ["DRAWN", tally.drawn],
    ["LOST", tally.lost],
    ["GOALS_FOR", tally.goalsFor],
    ["GOALS_AGAINST", tally.goalsAgainst],
    ["GOAL_DIFFERENCE", tally.goalsFor - tally.goalsAgainst],
    ["POINTS", points(tally)],
  ];
  return values.map(([field, value]) => {
    const developer_name = `${scope}_${field}`;
    return { team_id: teamId, type_id: TYPE_BY_NAME.get(developer_name)!, developer_name, value };
  });
}
