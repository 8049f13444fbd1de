import type { Client, estypes } from "@elastic/elasticsearch";
import { formOf, type FormFixture, type TeamForm } from "../domain/bet-builders/form.js";
import { formSearch } from "../search/bet-builders/form-query.js";

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
