import type { TypeDefinition } from "./developer-types.js";

/**
 * League averages with their fixed ids (docs/api-behaviour.md, "Fixed type ids"):
 * full time 303-323 in HOME/AWAY/OVERALL triples, first half (HT_) 324-344.
 * Per-match averages over the league season, stored x1000; OVERALL is the per-side
 * average (HOME + AWAY) / 2, not the match total.
 */
const METRICS: ReadonlyArray<{ metric: string; label: string; fullTime: number; firstHalf: number }> = [
  { metric: "GOALS", label: "goals", fullTime: 303, firstHalf: 324 },
  { metric: "CORNERS", label: "corners", fullTime: 306, firstHalf: 327 },
  { metric: "YELLOWCARDS", label: "yellow cards", fullTime: 309, firstHalf: 330 },
  { metric: "DANGEROUS_ATTACKS", label: "dangerous attacks", fullTime: 312, firstHalf: 342 },
  { metric: "ATTACKS", label: "attacks", fullTime: 315, firstHalf: 333 },
  { metric: "SHOTS_ON_TARGET", label: "shots on target", fullTime: 318, firstHalf: 336 },
  { metric: "SHOTS_OFF_TARGET", label: "shots off target", fullTime: 321, firstHalf: 339 },
];

const SCOPES = [
  { scope: "HOME", label: "home teams" },
  { scope: "AWAY", label: "away teams" },
  { scope: "OVERALL", label: "per side" },
] as const;

export const LEAGUE_AVERAGE_TYPES: TypeDefinition[] = METRICS.flatMap(({ metric, label, fullTime, firstHalf }) =>
  SCOPES.flatMap(({ scope, label: scopeLabel }, offset) => [
    {
      type_id: fullTime + offset,
      developer_name: `${scope}_${metric}_SCORED`,
      name: `League average ${label} scored, ${scopeLabel}`,
      developer_type: "league_average" as const,
      unit: "per match x1000",
    },
    {
      type_id: firstHalf + offset,
      developer_name: `HT_${scope}_${metric}_SCORED`,
      name: `League average first-half ${label} scored, ${scopeLabel}`,
      developer_type: "league_average" as const,
      unit: "per match x1000",
    },
  ]),
);
