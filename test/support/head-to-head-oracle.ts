import type { FixtureView } from "../../src/presenters/fixture-presenter.js";

/**
 * GET /fixtures/head-to-head worked out again from fixtures as GET /fixtures shows them, without
 * the service's code: which fixtures are meetings and their summary, from the CURRENT scores.
 */

export type HeadToHeadSummary = {
  meetings: number;
  teams: Array<{ team_id: number; wins: number }>;
  draws: number;
  average_goals: number | null;
  both_teams_scored_share: number | null;
};

type Side = { team: number; score: number | undefined };

function sides(fixture: FixtureView): [Side, Side] {
  const side = (location: "home" | "away"): Side => {
    const team = fixture.participants.find((participant) => participant.location === location)?.id ?? 0;
    const score = fixture.scores.find((entry) => entry.team_id === team && entry.developer_name === "CURRENT")?.value;
    return { team, score };
  };
  return [side("home"), side("away")];
}

/** The two teams of a fixture, in the order home, away. */
export function teamsOf(fixture: FixtureView): [number, number] {
  const [home, away] = sides(fixture);
  return [home.team, away.team];
}

/** A meeting as the endpoint documents it: finished (FT, AWARDED) with both sides' CURRENT score. */
export function isMeeting(fixture: FixtureView): boolean {
  const [home, away] = sides(fixture);
  return (fixture.status === "FT" || fixture.status === "AWARDED") && home.score !== undefined && away.score !== undefined;
}

/** The meetings of two teams among `fixtures`, either at home, newest first (kick-off, then id). */
export function meetingsOf(fixtures: readonly FixtureView[], [first, second]: readonly [number, number]): FixtureView[] {
  return fixtures
    .filter((fixture) => {
      const [home, away] = teamsOf(fixture);
      return isMeeting(fixture) && ((home === first && away === second) || (home === second && away === first));
    })
    .sort((a, b) => Date.parse(b.date_time) - Date.parse(a.date_time) || b.id - a.id);
}

/** The summary of the given meetings, counted one by one. */
export function summaryOf(meetings: readonly FixtureView[], teamIds: readonly [number, number]): HeadToHeadSummary {
  const wins = new Map<number, number>(teamIds.map((team) => [team, 0]));
  let draws = 0;
  let goals = 0;
  let both = 0;
  for (const fixture of meetings) {
    const [home, away] = sides(fixture);
    const [homeGoals, awayGoals] = [home.score ?? 0, away.score ?? 0];
    if (homeGoals === awayGoals) draws++;
    else {
      const winner = homeGoals > awayGoals ? home.team : away.team;
      wins.set(winner, (wins.get(winner) ?? 0) + 1);
    }
    goals += homeGoals + awayGoals;
    if (homeGoals > 0 && awayGoals > 0) both++;
  }
  const n = meetings.length;
  return {
    meetings: n,
    teams: teamIds.map((team) => ({ team_id: team, wins: wins.get(team) ?? 0 })),
    draws,
    average_goals: n === 0 ? null : Math.round((goals / n) * 1000) / 1000,
    both_teams_scored_share: n === 0 ? null : Math.round((both / n) * 10000) / 10000,
  };
}
