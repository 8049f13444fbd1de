import { isFinished } from "../domain/types/statuses.js";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import type { TableFixture } from "../domain/standings/table-plan.js";

/** The stored fields a table recomputation reads from a fixture document. */
export const SEASON_FIXTURE_FIELDS = [
  "id",
  "date_time",
  "status",
  "league.code",
  "season.id",
  "season.name",
  "stage",
  "group",
  "participants",
  "home_team_id",
  "away_team_id",
  "names.teams",
  "scores",
] as const;

export type SeasonFixture = Pick<
  FixtureDocument,
  "id" | "date_time" | "status" | "stage" | "group" | "participants" | "home_team_id" | "away_team_id" | "scores"
> & {
  league: Pick<FixtureDocument["league"], "code">;
  season: Pick<FixtureDocument["season"], "id" | "name">;
  names?: Pick<FixtureDocument["names"], "teams">;
};

/**
 * A stored fixture as the table computation sees it: goals only when it is finished
 * (FT, or AWARDED with its awarded score), read from the CURRENT scores, which
 * include extra time and exclude a shoot-out (docs/api-behaviour.md, "Scores").
 */
export function tableFixtureOf(doc: SeasonFixture): TableFixture {
  return {
    id: doc.id,
    date_time: doc.date_time,
    stage: doc.stage,
    group: doc.group,
    home_team_id: doc.home_team_id,
    away_team_id: doc.away_team_id,
    goals: isFinished(doc.status) ? currentGoals(doc) : null,
  };
}

function currentGoals(doc: SeasonFixture): TableFixture["goals"] {
  const current = (teamId: number) =>
    (doc.scores ?? []).find((score) => score.developer_name === "CURRENT" && score.team_id === teamId)?.value;
  const home = current(doc.home_team_id);
  const away = current(doc.away_team_id);
  return home === undefined || away === undefined ? null : { home, away };
}
