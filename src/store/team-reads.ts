import type { Client } from "@elastic/elasticsearch";

type TeamNames = { name: string; alternate_names?: string[]; names?: Record<string, string> };

/**
 * Every name of each team (name, alternate names, translations) by team id: what a fixture's
 * indexed-only `search` field is built from. A team the index lacks is left out.
 */
export async function readTeamNames(es: Client, teamsIndex: string, teamIds: readonly number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (teamIds.length === 0) return result;
  const response = await es.mget<TeamNames>({ index: teamsIndex, ids: [...new Set(teamIds)].map(String), _source: ["name", "alternate_names", "names"] });
  for (const doc of response.docs) {
    if (!("found" in doc) || !doc.found || !doc._source) continue;
    const team = doc._source;
    result.set(Number(doc._id), [team.name, ...(team.alternate_names ?? []), ...Object.values(team.names ?? {})]);
  }
  return result;
}
