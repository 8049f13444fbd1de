import { stableId } from "../../domain/stable-id.js";

type Pairing = { id: number; stageKey: string; home: number; away: number; date_time: string };

/**
 * Groups within a stage: sets of teams that never meet are separate groups (the
 * Copa Libertadores group stage is 8 groups of 4). Found as connected components of
 * the "played each other" graph; a stage that is one component has no groups.
 * Groups are named "Group A", "Group B"... in the order of their first fixture.
 * Returns the group of every fixture that has one.
 */
export function detectGroups(pairings: Pairing[], minTeams = 3): Map<number, { id: number; name: string }> {
  const byStage = new Map<string, Pairing[]>();
  for (const pairing of pairings) {
    const list = byStage.get(pairing.stageKey) ?? [];
    list.push(pairing);
    byStage.set(pairing.stageKey, list);
  }
  const result = new Map<number, { id: number; name: string }>();
  for (const [stageKey, list] of byStage) {
    const parent = new Map<number, number>();
    const find = (team: number): number => {
      let root = team;
      while (parent.get(root) !== undefined && parent.get(root) !== root) root = parent.get(root)!;
      parent.set(team, root);
      return root;
    };
    for (const { home, away } of list) {
      if (!parent.has(home)) parent.set(home, home);
      if (!parent.has(away)) parent.set(away, away);
      const a = find(home);
      const b = find(away);
      if (a !== b) parent.set(a, b);
    }
    const components = new Map<number, { teams: Set<number>; first: string; fixtures: Pairing[] }>();
    for (const pairing of list) {
      const root = find(pairing.home);
      const component = components.get(root) ?? { teams: new Set<number>(), first: pairing.date_time, fixtures: [] };
      component.teams.add(pairing.home).add(pairing.away);
      if (pairing.date_time < component.first) component.first = pairing.date_time;
      component.fixtures.push(pairing);
      components.set(root, component);
    }
    const groups = [...components.values()].filter((component) => component.teams.size >= minTeams);
    if (groups.length < 2) continue;
    groups.sort((a, b) => a.first.localeCompare(b.first) || Math.min(...a.teams) - Math.min(...b.teams));
    groups.forEach((group, index) => {
      const name = `Group ${String.fromCharCode(65 + (index % 26))}${index >= 26 ? Math.floor(index / 26) : ""}`;
      const id = stableId("group", `${stageKey}:${name}`);
      for (const fixture of group.fixtures) result.set(fixture.id, { id, name });
    });
  }
  return result;
}
