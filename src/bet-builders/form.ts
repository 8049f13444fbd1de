import type { Client, estypes } from "@elastic/elasticsearch";
import { formOf, type FormFixture, type TeamForm } from "../domain/bet-builders/form.js";
import { formSearch } from "../search/bet-builders/form-query.js";
import { multiSearchHits } from "../store/multi-search.js";

/** The form of several teams, each before its own moment, in one _msearch. */
export async function readForms(es: Client, index: string, requests: ReadonlyArray<{ teamId: number; before: string }>): Promise<TeamForm[]> {
  if (requests.length === 0) return [];
  const searches: estypes.MsearchRequestItem[] = [];
  for (const { teamId, before } of requests) {
    searches.push({ index }, formSearch(teamId, before));
  }
  const lists = await multiSearchHits<FormFixture>(
    es,
    { searches },
    (error, position) => new Error(`Form of team ${requests[position]!.teamId}: ${error.reason ?? error.type}`),
  );
  return lists.map((hits, position) => formOf(requests[position]!.teamId, hits.flatMap((hit) => (hit._source ? [hit._source] : []))));
}
