import { DEVELOPER_TYPES, METRIC_GROUPS, type DeveloperType, type TypeDefinition } from "./developer-types.js";
import { LEAGUE_AVERAGE_TYPES } from "./league-average-types.js";
import { PREDICTION_TYPES, SMART_MONEY_TYPES, STATISTIC_TYPES, TREND_TYPES } from "./match-types.js";
import { STANDING_TYPES } from "./standing-types.js";
import { WINDOWED_STATISTIC_TYPES } from "./windowed-types.js";

/** The whole type catalogue /types serves, in developer_type order, then by id. */
export const ALL_TYPES: readonly TypeDefinition[] = [
  ...LEAGUE_AVERAGE_TYPES,
  ...PREDICTION_TYPES,
  ...SMART_MONEY_TYPES,
  ...STATISTIC_TYPES,
  ...WINDOWED_STATISTIC_TYPES,
  ...TREND_TYPES,
  ...STANDING_TYPES,
].sort(
  (a, b) =>
    DEVELOPER_TYPES.indexOf(a.developer_type) - DEVELOPER_TYPES.indexOf(b.developer_type) || a.type_id - b.type_id,
);

export function typesOf(group: DeveloperType): TypeDefinition[] {
  return ALL_TYPES.filter((type) => type.developer_type === group);
}

/** Every developer_name /types lists (where[] and order[] accept these). */
export const DEVELOPER_NAMES: ReadonlySet<string> = new Set(ALL_TYPES.map((type) => type.developer_name));

/**
 * The types whose values fixtures carry for `where[...]` and `order[...]` (the `effective`
 * entries): statistics and metrics, never trends (CORNERS is 34 among statistics and 13
 * among trends). Names are unique across these groups, so a name resolves to one type.
 */
export const FILTERABLE_TYPES: ReadonlyMap<string, TypeDefinition> = new Map(
  ALL_TYPES.filter(
    (type) => type.developer_type === "statistics" || (METRIC_GROUPS as readonly string[]).includes(type.developer_type),
  ).map((type) => [type.developer_name, type]),
);

export const TREND_TYPES_BY_NAME: ReadonlyMap<string, TypeDefinition> = new Map(
  TREND_TYPES.map((type) => [type.developer_name, type]),
);
