import type { FixtureDocument } from "../fixture/fixture-document.js";

export type FormResult = "W" | "D" | "L";

/** A team's recent form: results most recent first, with goals. */
export type TeamForm = { results: FormResult[]; goalsFor: number; goalsAgainst: number };

export const FORM_LENGTH = 5;

export type FormFixture = Pick<FixtureDocument, "home_team_id" | "away_team_id" | "scores">;

/** Form from fixtures (most recent first), scored by their CURRENT goals. */
export function formOf(teamId: number, fixtures: readonly FormFixture[]): TeamForm {
  const form: TeamForm = { results: [], goalsFor: 0, goalsAgainst: 0 };
  for (const fixture of fixtures) {
    const goals = (id: number) => fixture.scores?.find((s) => s.team_id === id && s.developer_name === "CURRENT")?.value;
    const home = goals(fixture.home_team_id);
    const away = goals(fixture.away_team_id);
    if (home === undefined || away === undefined) continue;
    const atHome = fixture.home_team_id === teamId;
    const scored = atHome ? home : away;
    const conceded = atHome ? away : home;
    form.results.push(scored > conceded ? "W" : scored === conceded ? "D" : "L");
    form.goalsFor += scored;
    form.goalsAgainst += conceded;
  }
  return form;
}
