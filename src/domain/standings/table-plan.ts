import { isKnockoutName } from "../knockout.js";
import { stableId } from "../stable-id.js";
import { byFirstFixture, connectedTeamGroups, groupName, type TeamGroup } from "../team-groups.js";

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
  const components = connectedTeamGroups(fixtures, (fixture) => [fixture.home_team_id, fixture.away_team_id]);
  const groups = components.filter((component) => component.teams.size >= 3 && everyPairMeets(component));
  groups.sort(byFirstFixture);
  if (groups.length === 1) return [{ stage, group: null, fixtures: groups[0]!.fixtures }];
  return groups.map((component, index) => {
    const name = groupName(index);
    return { stage, group: { id: stableId("group", `${stage.id}:${name}`), name }, fixtures: component.fixtures };
  });
}

function everyPairMeets(component: TeamGroup<TableFixture>): boolean {
  const met = new Set(component.fixtures.map((f) => pairKey(f.home_team_id, f.away_team_id)));
  const teams = [...component.teams];
  return teams.every((a, i) => teams.slice(i + 1).every((b) => met.has(pairKey(a, b))));
}

function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}
