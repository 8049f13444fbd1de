import { METRIC_GROUPS } from "./developer-types.js";
import { ALL_TYPES } from "./types.js";

/** The pre-match metrics' names (predictions, smart money, league averages): known at kick-off, constant through a match. */
export const METRIC_NAMES: ReadonlySet<string> = new Set(
  ALL_TYPES.filter((type) => (METRIC_GROUPS as readonly string[]).includes(type.developer_type)).map((type) => type.developer_name),
);
