import type { MetricGroup } from "../domain/types/developer-types.js";

/**
 * How `filter[...]` narrows a fixture's included arrays (parsed by src/http/bracket-params.ts,
 * applied by the presenter): each key present keeps only the matching entries.
 */
export type MetricsFilter = { types?: number[]; developer_types?: MetricGroup[] };
export type StatisticsFilter = { types: number[] };
export type OddsFilter = { bookmakers?: number[]; markets?: number[]; is_live?: Array<0 | 1>; suspend?: Array<0 | 1> };
export type TrendsFilter = { developer_names?: string[]; types?: number[] };
export type Filters = { metrics?: MetricsFilter; statistics?: StatisticsFilter; odds?: OddsFilter; trends?: TrendsFilter };
