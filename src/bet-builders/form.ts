import type { Client, estypes } from "@elastic/elasticsearch";
import { FINISHED_STATUSES } from "../catalogue/statuses.js";
import type { FixtureDocument } from "../domain/fixture-document.js";

export type FormResult = "W" | "D" | "L";

/** A team's recent form: results most recent first, with goals. */
export type TeamForm = { results: FormResult[]; goalsFor: number; goalsAgainst: number };

export const FORM_LENGTH = 5;

type FormFixture = Pick<FixtureDocument, "home_team_id" | "away_team_id" | "scores">;

/** The team's last finished fixtures (any competition) before `before`, most recent first. */
export function formSearch(teamId: number, before: string, size = FORM_LENGTH): estypes.SearchSearchRequestBody {
  return {
    size,
    _source: ["home_team_id", "away_team_id", "scores"],
    query: {
      bool: {
        filter: [
          { terms: { status: [...FINISHED_STATUSES] } },
          { range: { date_time: { lt: before } } },
          { bool: { should: [{ term: { home_team_id: teamId } }, { term: { away_team_id: teamId } }], minimum_should_match: 1 } },
        ],
      },
    },
    sort: [{ date_time: "desc" }, { id: "desc" }],
  };
}

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

/** The form of several teams, each before its own moment, in one _msearch. */
export async function readForms(es: Client, index: string, requests: ReadonlyArray<{ teamId: number; before: string }>): Promise<TeamForm[]> {
  if (requests.length === 0) return [];
  const searches: estypes.MsearchRequestItem[] = [];
  for (const { teamId, before } of requests) {
    searches.push({ index }, formSearch(teamId, before));
  }
  const response = await es.msearch<FormFixture>({ searches });
  return response.responses.map((item, position) => {
    if ("error" in item) throw new Error(`Form of team ${requests[position]!.teamId}: ${item.error.reason ?? item.error.type}`);
    return formOf(requests[position]!.teamId, item.hits.hits.flatMap((hit) => (hit._source ? [hit._source] : [])));
  });
}
