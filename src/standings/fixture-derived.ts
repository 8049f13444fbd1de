import type { Client } from "@elastic/elasticsearch";
import { effectiveValues, type FixtureDocument } from "../domain/fixture/fixture-document.js";
import { fixtureSearchFields } from "../domain/text/search-fields.js";

/**
 * The indexed-only fields of a fixture (`effective`, `search`; left out of `_source`,
 * indices/fixtures.json), recomputed for a partial update: Elasticsearch re-indexes an
 * updated document from its stored `_source`, so a writer that does not send them
 * along drops them from the index. `search` needs every name of both teams, which
 * the fixture does not store: they come from the teams index, exactly the names
 * buildFixtureDocument uses (name, alternate names, translations); a team that is not
 * there (a placeholder side) contributes its displayed name.
 */
type TeamNames = { name: string; alternate_names?: string[]; names?: Record<string, string> };

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

export function derivedFixtureFields(
  doc: Pick<FixtureDocument, "participants" | "statistics" | "metrics">,
  teamNames: ReadonlyMap<number, string[]>,
): Pick<FixtureDocument, "effective" | "search"> {
  const namesOf = (location: "home" | "away") => {
    const participant = doc.participants.find((p) => p.location === location);
    if (!participant) return [];
    return teamNames.get(participant.id) ?? [participant.name];
  };
  return {
    effective: effectiveValues(doc.statistics ?? [], doc.metrics ?? []),
    search: fixtureSearchFields(namesOf("home"), namesOf("away")),
  };
}
