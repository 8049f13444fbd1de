/**
 * Teams grouped by who plays whom: two teams share a group when a chain of fixtures joins
 * them (the connected components of the "played each other" graph, found by union-find).
 * The import finds a group stage's groups with it (the Copa Libertadores' 8 groups of 4
 * never meet each other), the tables a knockout-named stage's round-robin groups.
 */
export type TeamGroup<F> = {
  teams: Set<number>;
  /** Kick-off of the group's first fixture. */
  first: string;
  /** The group's fixtures, in the order they were given. */
  fixtures: F[];
};

/** The groups of `fixtures`, in the order of each group's first fixture in the list. */
export function connectedTeamGroups<F extends { date_time: string }>(
  fixtures: readonly F[],
  teamsOf: (fixture: F) => readonly [home: number, away: number],
): Array<TeamGroup<F>> {
  const parent = new Map<number, number>();
  const find = (team: number): number => {
    let root = team;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(team, root);
    return root;
  };
  for (const fixture of fixtures) {
    const [home, away] = teamsOf(fixture);
    if (!parent.has(home)) parent.set(home, home);
    if (!parent.has(away)) parent.set(away, away);
    const a = find(home);
    const b = find(away);
    if (a !== b) parent.set(a, b);
  }
  const groups = new Map<number, TeamGroup<F>>();
  for (const fixture of fixtures) {
    const [home, away] = teamsOf(fixture);
    const root = find(home);
    const group = groups.get(root) ?? { teams: new Set<number>(), first: fixture.date_time, fixtures: [] };
    group.teams.add(home).add(away);
    if (fixture.date_time < group.first) group.first = fixture.date_time;
    group.fixtures.push(fixture);
    groups.set(root, group);
  }
  return [...groups.values()];
}

/** The order groups are named in: by first fixture, then by lowest team id. */
export function byFirstFixture(a: TeamGroup<unknown>, b: TeamGroup<unknown>): number {
  return a.first.localeCompare(b.first) || Math.min(...a.teams) - Math.min(...b.teams);
}

/** "Group A" to "Group Z" for the first 26, then "Group A1", "Group B1"... */
export function groupName(index: number): string {
  return `Group ${String.fromCharCode(65 + (index % 26))}${index >= 26 ? Math.floor(index / 26) : ""}`;
}
