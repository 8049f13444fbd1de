import type { TypeDefinition } from "./developer-types.js";

/**
 * Standing-row statistics: overall, home and away. OVERALL_MATCHES_PLAYED = 1 and
 * OVERALL_WON = 2 are fixed (docs/api-behaviour.md, "Fixed type ids"); the rest follow in blocks of
 * eight. Names say GOALS_FOR (not GOALS_SCORED) so none collides with the league
 * averages' `{SCOPE}_GOALS_SCORED`.
 */
const FIELDS = [
  ["MATCHES_PLAYED", "matches played"],
  ["WON", "won"],
  ["DRAWN", "drawn"],
  ["LOST", "lost"],
  ["GOALS_FOR", "goals scored"],
  ["GOALS_AGAINST", "goals against"],
  ["GOAL_DIFFERENCE", "goal difference"],
  ["POINTS", "points"],
] as const;

const SCOPES = [
  ["OVERALL", "Overall", 1],
  ["HOME", "Home", 9],
  ["AWAY", "Away", 17],
] as const;

export const STANDING_TYPES: TypeDefinition[] = SCOPES.flatMap(([scope, label, firstId]) =>
  FIELDS.map(([field, fieldLabel], index) => ({
    type_id: firstId + index,
    developer_name: `${scope}_${field}`,
    name: `${label} ${fieldLabel}`,
    developer_type: "standings" as const,
    unit: "count",
  })),
);

export type StandingField = (typeof FIELDS)[number][0];
export type StandingScope = (typeof SCOPES)[number][0];
