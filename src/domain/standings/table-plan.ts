import { isKnockoutName } from "../knockout.js";
import { stableId } from "../stable-id.js";

/** A fixture as the table computation needs it; goals only for finished (or awarded) ones. */
export type TableFixture = {
  id: number;
  date_time: string;
  stage: { id: number; name: string } | null;
  group: { id: number; name: string } | null;
  home_team_id: number;
  away_team_id: number;
  /** Final goals (extra time included, shoot-out excluded) when the fixture counts, else null. */
  goals: { home: number; away: number } | null;
};

/** The fixtures of one table, in the order tables are listed. */
export type TablePlan = {
  stage: TableFixture["stage"];
  group: TableFixture["group"];
  fixtures: TableFixture[];
};

/**
 * Which fixtures form which table (docs/data.md, "Stages", "Groups" and "Knockout stages"):
 * - one table per stage and group; a season without stages has one stage `null`;
 * - a stage named as a knockout (final, playoff, qualifying...) has no table, unless
 *   its teams form round-robin groups of three or more (Greece's "ECL Playoffs": four
 *   teams that all meet twice). A two-legged tie (two teams) or a bracket (teams that
 *   do not all meet) never does. One such group keeps `group: null`, like any stage
 *   without groups; several get "Group A", "Group B"... in order of their first fixture.
 * Tables are ordered by the stage's first fixture (then stage name), then group name.
 */
export function tablesOfSeason(fixtures: readonly TableFixture[]): TablePlan[] {
  const stages = new Map<number, { stage: TableFixture["stage"]; first: string; fixtures: TableFixture[] }>();
  for (const fixture of fixtures) {
    const key = fixture.stage?.id ?? 0;
    const entry = stages.get(key) ?? { stage: fixture.stage, first: fixture.date_time, fixtures: [] };
    if (fixture.date_time < entry.first) entry.first = fixture.date_time;
    entry.fixtures.push(fixture);
    stages.set(key, entry);
  }
  const ordered = [...stages.values()].sort(
    (a, b) => a.first.localeCompare(b.first) || (a.stage?.name ?? "").localeCompare(b.stage?.name ?? "", "en"),
  );
  return ordered.flatMap((entry) => stageTables(entry.stage, entry.fixtures));
}

function stageTables(stage: TableFixture["stage"], fixtures: TableFixture[]): TablePlan[] {
  const knockout = stage !== null && isKnockoutName(stage.name);
  const grouped = fixtures.filter((fixture) => fixture.group !== null);
  const ungrouped = fixtures.filter((fixture) => fixture.group === null);
  const tables: TablePlan[] = [];
  const byGroup = new Map<number, TablePlan>();
  for (const fixture of grouped) {
    const group = fixture.group!;
    const table = byGroup.get(group.id) ?? { stage, group, fixtures: [] };
    table.fixtures.push(fixture);
    byGroup.set(group.id, table);
  }
  tables.push(...byGroup.values());
  if (ungrouped.length > 0) {
    if (!knockout) tables.push({ stage, group: null, fixtures: ungrouped });
    else tables.push(...roundRobinGroups(stage!, ungrouped));
  }
  return tables.sort((a, b) => (a.group?.name ?? "").localeCompare(b.group?.name ?? "", "en", { numeric: true }));
}

/** The sets of teams of a knockout-named stage that play as round-robin groups of three or more. */
function roundRobinGroups(stage: { id: number; name: string }, fixtures: TableFixture[]): TablePlan[] {
  const components = connectedTeams(fixtures);
  const groups = components.filter((component) => component.teams.size >= 3 && everyPairMeets(component));
  groups.sort((a, b) => a.first.localeCompare(b.first) || Math.min(...a.teams) - Math.min(...b.teams));
  if (groups.length === 1) return [{ stage, group: null, fixtures: groups[0]!.fixtures }];
  return groups.map((component, index) => {
    const name = `Group ${String.fromCharCode(65 + (index % 26))}${index >= 26 ? Math.floor(index / 26) : ""}`;
    return { stage, group: { id: stableId("group", `${stage.id}:${name}`), name }, fixtures: component.fixtures };
  });
}

type Component = { teams: Set<number>; first: string; fixtures: TableFixture[] };

function connectedTeams(fixtures: TableFixture[]): Component[] {
  const parent = new Map<number, number>();
  const find = (team: number): number => {
    let root = team;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(team, root);
    return root;
  };
  for (const { home_team_id: home, away_team_id: away } of fixtures) {
    if (!parent.has(home)) parent.set(home, home);
    if (!parent.has(away)) parent.set(away, away);
    const a = find(home);
    const b = find(away);
    if (a !== b) parent.set(a, b);
  }
  const components = new Map<number, Component>();
  for (const fixture of fixtures) {
    const root = find(fixture.home_team_id);
    const component = components.get(root) ?? { teams: new Set<number>(), first: fixture.date_time, fixtures: [] };
    component.teams.add(fixture.home_team_id).add(fixture.away_team_id);
    if (fixture.date_time < component.first) component.first = fixture.date_time;
    component.fixtures.push(fixture);
    components.set(root, component);
  }
  return [...components.values()];
}

function everyPairMeets(component: Component): boolean {
  const met = new Set(component.fixtures.map((f) => pairKey(f.home_team_id, f.away_team_id)));
  const teams = [...component.teams];
  return teams.every((a, i) => teams.slice(i + 1).every((b) => met.has(pairKey(a, b))));
}

function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}
