/** The groups a type belongs to; /types filters on them. */
export const DEVELOPER_TYPES = [
  "league_average",
  "predictions",
  "smart_money",
  "statistics",
  "trends",
  "standings",
] as const;
export type DeveloperType = (typeof DEVELOPER_TYPES)[number];

/** Metric groups: what filter[metrics]=developer_types:... selects among. */
export const METRIC_GROUPS = ["predictions", "smart_money", "league_average"] as const satisfies readonly DeveloperType[];
export type MetricGroup = (typeof METRIC_GROUPS)[number];

export type TypeDefinition = {
  type_id: number;
  developer_name: string;
  name: string;
  developer_type: DeveloperType;
  /** How values are stored, for the API documentation (values are always integers). */
  unit: string;
};
