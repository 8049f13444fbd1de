import type { Client } from "@elastic/elasticsearch";
import { readFound } from "./multi-get.js";

type TeamNames = { name: string; alternate_names?: string[]; names?: Record<string, string> };

/**
 * Every name of each team (name, alternate names, translations) by team id: what a fixture's
 * indexed-only `search` field is built from. A team the index lacks is left out.
 */
export async function readTeamNames(es: Client, teamsIndex: string, teamIds: readonly number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>();
  if (teamIds.length === 0) return result;
  const found = await readFound<TeamNames>(es, { index: teamsIndex, ids: [...new Set(teamIds)].map(String), _source: ["name", "alternate_names", "names"] });
  for (const { id, doc: team } of found) result.set(Number(id), [team.name, ...(team.alternate_names ?? []), ...Object.values(team.names ?? {})]);
  return result;
}
