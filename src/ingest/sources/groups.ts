import { groupBy } from "../../domain/group-by.js";
import { stableId } from "../../domain/stable-id.js";
import { byFirstFixture, connectedTeamGroups, groupName } from "../../domain/team-groups.js";

type Pairing = { id: number; stageKey: string; home: number; away: number; date_time: string };

/**
 * Groups within a stage: sets of teams that never meet are separate groups (the
 * Copa Libertadores group stage is 8 groups of 4). Found as connected components of
 * the "played each other" graph; a stage that is one component has no groups.
 * Groups are named "Group A", "Group B"... in the order of their first fixture.
 * Returns the group of every fixture that has one.
 */
export function detectGroups(pairings: Pairing[], minTeams = 3): Map<number, { id: number; name: string }> {
  const byStage = groupBy(pairings, (pairing) => pairing.stageKey);
  const result = new Map<number, { id: number; name: string }>();
  for (const [stageKey, list] of byStage) {
    const groups = connectedTeamGroups(list, (pairing) => [pairing.home, pairing.away]).filter(
      (group) => group.teams.size >= minTeams,
    );
    if (groups.length < 2) continue;
    groups.sort(byFirstFixture);
    groups.forEach((group, index) => {
      const name = groupName(index);
      const id = stableId("group", `${stageKey}:${name}`);
      for (const fixture of group.fixtures) result.set(fixture.id, { id, name });
    });
  }
  return result;
}
