import { finalGoals } from "../domain/fixture/final-result.js";
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
 * A stored fixture as the table computation sees it: goals only when it is finished, its final
 * score as every result is read (domain/fixture/final-result.ts).
 */
export function tableFixtureOf(doc: SeasonFixture): TableFixture {
  return {
    id: doc.id,
    date_time: doc.date_time,
    stage: doc.stage,
    group: doc.group,
    home_team_id: doc.home_team_id,
    away_team_id: doc.away_team_id,
    goals: finalGoals(doc),
  };
}
