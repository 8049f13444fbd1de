import type { estypes } from "@elastic/elasticsearch";
import type { OrderClause } from "./conditions.js";
import { effectiveEntry } from "./where-clauses.js";

/** The default order and every tie-break: kick-off, then id (ids are longs, so 99 sorts before 100). */
const BY_KICKOFF: estypes.SortCombinations[] = [{ date_time: { order: "asc" } }, { id: { order: "asc" } }];

/**
 * `order[NAME]=DIR[:location]` sorts on the same effective value `where` matches.
 * Fixtures without that value sort last in both directions (`missing: _last`), and
 * ties fall back to kick-off then id, so pages never overlap or skip.
 */
export function sortClause(order: OrderClause | null): estypes.SortCombinations[] {
  if (!order) return BY_KICKOFF;
  return [
    {
      "effective.value": {
        order: order.direction,
        // One entry per name and location, so the mode only matters for the type checker.
        mode: order.direction === "asc" ? "min" : "max",
        missing: "_last",
        nested: { path: "effective", filter: { bool: { filter: effectiveEntry(order.name, order.location) } } },
      },
    },
    ...BY_KICKOFF,
  ];
}
