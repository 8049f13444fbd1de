import type { ParsedUrlQuery } from "node:querystring";
import { IN_PLAY_STATE_NAMES } from "../domain/fixture/in-play-states.js";
import { METRIC_GROUPS } from "../domain/types/developer-types.js";
import { TREND_TYPES } from "../domain/types/match-types.js";
import { METRIC_NAMES } from "../domain/types/metric-names.js";
import { WINDOWED_STATISTIC_TYPES } from "../domain/types/windowed-types.js";
import { parseWhere } from "../http/bracket-params.js";
import { BadRequestError } from "../http/errors.js";
import type { WhereCondition } from "../search/fixtures-search/conditions.js";

const STATE_NAMES: ReadonlySet<string> = new Set(IN_PLAY_STATE_NAMES);

/** What the 400 lists as allowed, once. */
const WINDOWED_TRENDS = [...new Set(WINDOWED_STATISTIC_TYPES.map((type) => type.trend))];
const WINDOWS = [...new Set(WINDOWED_STATISTIC_TYPES.map((type) => `NAME_LAST_${type.window}`))];
const ALLOWED =
  `the pre-match metrics (${METRIC_GROUPS.join(", ")} in /types), the trends (${TREND_TYPES.map((type) => type.developer_name).join(", ")}) ` +
  `and their windowed forms (${WINDOWS.join(", ")} of ${WINDOWED_TRENDS.join(", ")})`;

/**
 * `where[...]` exactly as /fixtures/search parses it (limits and texts), split by what holds the
 * value: a pre-match metric is the fixture's, constant through the match; a trend or a windowed
 * value is the state's. Any other name (a statistic no trend carries, an unknown name) is a 400
 * that lists the names allowed.
 */
export function inPlayWhere(query: ParsedUrlQuery): { metrics: WhereCondition[]; inPlay: WhereCondition[] } {
  const metrics: WhereCondition[] = [];
  const inPlay: WhereCondition[] = [];
  for (const condition of parseWhere(query)) {
    if (STATE_NAMES.has(condition.name)) inPlay.push(condition);
    else if (METRIC_NAMES.has(condition.name)) metrics.push(condition);
    else throw new BadRequestError(`where[${condition.name}]: ${condition.name} is not a name an in-play rule is tried on; allowed are ${ALLOWED}`);
  }
  return { metrics, inPlay };
}
