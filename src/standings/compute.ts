import { STANDING_TYPES } from "../catalogue/standing-types.js";
import { isKnockoutName } from "../ingest/sources/knockout.js";
import { positionNote } from "./table-rules.js";

/** A fixture as the table computation needs it; goals only for finished (or awarded) ones. */
export type TableFixture = {
  id: number;
  date_time: string;
  stage: { id: number; name: string } | null;
  group: { id: number; name: string } | null;
  home_team_id: number;
  away_team_id: number;
  /** Final goals (extra time included, shoot-out excluded) when the fixture counts, else null. */
  goals: { home: number; away: number } | null;
};

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
 * The tables of one season (DECISIONS.md "GET /standings"): one per stage and group,
 * counting finished fixtures (3 points a win, 1 a draw), ranked by points, goal
 * difference, goals scored, then English team name. A knockout-named stage has no
 * table unless its teams form groups. Rows come ordered by stage (first fixture),
 * group name, position.
 */
export function computeSeasonTables(input: {
  season: { id: number; name: string };
  leagueCode: string;
  fixtures: TableFixture[];
  teams: ReadonlyMap<number, TableTeam>;
}): StandingRow[] {
  type Table = {
    stage: TableFixture["stage"];
    group: TableFixture["group"];
    first: string;
    overall: Map<number, Tally>;
    home: Map<number, Tally>;
    away: Map<number, Tally>;
  };
  const tables = new Map<string, Table>();
  for (const fixture of input.fixtures) {
    const stageName = fixture.stage?.name ?? null;
    if (fixture.group === null && stageName !== null && isKnockoutName(stageName)) continue;
    const key = `${fixture.stage?.id ?? 0}:${fixture.group?.id ?? 0}`;
    let table = tables.get(key);
    if (!table) {
      table = { stage: fixture.stage, group: fixture.group, first: fixture.date_time, overall: new Map(), home: new Map(), away: new Map() };
      tables.set(key, table);
    }
    if (fixture.date_time < table.first) table.first = fixture.date_time;
    for (const teamId of [fixture.home_team_id, fixture.away_team_id]) {
      for (const tallies of [table.overall, table.home, table.away]) if (!tallies.has(teamId)) tallies.set(teamId, emptyTally());
    }
    if (fixture.goals) {
      const { home, away } = fixture.goals;
      record(table.overall.get(fixture.home_team_id)!, home, away);
      record(table.home.get(fixture.home_team_id)!, home, away);
      record(table.overall.get(fixture.away_team_id)!, away, home);
      record(table.away.get(fixture.away_team_id)!, away, home);
    }
  }

  const ordered = [...tables.values()].sort(
    (a, b) => a.first.localeCompare(b.first) || (a.group?.name ?? "").localeCompare(b.group?.name ?? ""),
  );
  const rows: StandingRow[] = [];
  for (const table of ordered) {
    const teamName = (id: number) => input.teams.get(id)?.name ?? String(id);
    const ranked = [...table.overall].sort(([idA, a], [idB, b]) => {
      return (
        points(b) - points(a) ||
        b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) ||
        b.goalsFor - a.goalsFor ||
        teamName(idA).localeCompare(teamName(idB), "en")
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
          ...tallyStatistics(teamId, "HOME", table.home.get(teamId)!),
          ...tallyStatistics(teamId, "AWAY", table.away.get(teamId)!),
        ],
      });
    });
  }
  return rows;
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
