import type { Order } from "../query.js";

/**
 * The order of the polled endpoint, for a result set held by a client: the `order` value
 * when given (fixtures without it last, whatever the direction), then `date_time`, then id
 * (docs/api-behaviour.md, "Order of fixture lists" and "Where and order values").
 */
export type OrderedFixture = {
  id: number;
  date_time: string;
  participants?: ReadonlyArray<{ id: number; location: string }>;
  statistics?: ReadonlyArray<{ developer_name: string; team_id: number; value: number }>;
  metrics?: ReadonlyArray<{ developer_name: string; team_id: number; value: number }>;
};

/**
 * The value where[] and order[] read: the in-play statistic when the fixture carries one,
 * else the pre-match metric; LEAGUE is the match (team_id 0), HOME and AWAY the side's team.
 * Null when the fixture does not carry it (include statistics or metrics to have it).
 */
export function valueOf(fixture: OrderedFixture, name: string, scope: Order["scope"] = "LEAGUE"): number | null {
  const teamId = scope === "LEAGUE" ? 0 : fixture.participants?.find((side) => side.location === scope.toLowerCase())?.id;
  for (const list of [fixture.statistics, fixture.metrics]) {
    const entry = list?.find((item) => item.developer_name === name && item.team_id === teamId);
    if (entry) return entry.value;
  }
  return null;
}

export function compareFixtures(a: OrderedFixture, b: OrderedFixture, order: Order | null = null): number {
  if (order) {
    const [x, y] = [valueOf(a, order.by, order.scope), valueOf(b, order.by, order.scope)];
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) {
      return (order.direction ?? "desc") === "asc" ? x - y : y - x;
    }
  }
  return a.date_time.localeCompare(b.date_time) || a.id - b.id;
}
