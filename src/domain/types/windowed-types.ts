import type { TypeDefinition } from "./developer-types.js";

/** The windows, in minutes, of the windowed in-play statistics (`NAME_LAST_5`, ...). */
export const WINDOW_MINUTES = [5, 10, 15] as const;

/**
 * The cumulative trends a bettor filters on, each with the first id of its block: `NAME_LAST_N`
 * has id `block + N` (CORNERS_LAST_10 is 6110). The blocks are fixed, so ids stay stable when a
 * statistic or a window is added.
 */
const WINDOWED_BLOCKS: ReadonlyArray<[trend: string, block: number, name: string, unit: string]> = [
  ["GOALS", 6000, "Goals", "count"],
  ["CORNERS", 6100, "Corners", "count"],
  ["SHOTS_ON_TARGET", 6200, "Shots on target", "count"],
  ["SHOTS_TOTAL", 6300, "Shots total", "count"],
  ["DANGEROUS_ATTACKS", 6400, "Dangerous attacks", "count"],
  ["ATTACKS", 6500, "Attacks", "count"],
  ["EXPECTED_GOALS", 6600, "Expected goals", "xG x100"],
];

export type WindowedType = TypeDefinition & { trend: string; window: (typeof WINDOW_MINUTES)[number] };

/**
 * Windowed in-play statistics: what a cumulative trend gained over the last N minutes, per team
 * and per match (team_id 0, the sum), kept by the live writer with each update
 * (src/domain/fixture/windowed-statistics.ts). Listed among statistics, so where/order/streams
 * read them like any other statistic.
 */
export const WINDOWED_STATISTIC_TYPES: readonly WindowedType[] = WINDOWED_BLOCKS.flatMap(([trend, block, name, unit]) =>
  WINDOW_MINUTES.map((window) => ({
    type_id: block + window,
    developer_name: `${trend}_LAST_${window}`,
    name: `${name} in the last ${window} minutes`,
    developer_type: "statistics" as const,
    unit,
    trend,
    window,
  })),
);
