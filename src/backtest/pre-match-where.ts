import type { ParsedUrlQuery } from "node:querystring";
import { METRIC_GROUPS } from "../domain/types/developer-types.js";
import { METRIC_NAMES } from "../domain/types/metric-names.js";
import { ALL_TYPES } from "../domain/types/types.js";
import { parseWhere } from "../http/bracket-params.js";
import { BadRequestError } from "../http/errors.js";
import type { WhereCondition } from "../search/fixtures-search/conditions.js";

const IN_PLAY_NAMES: ReadonlySet<string> = new Set(
  ALL_TYPES.filter((type) => type.developer_type === "statistics" || type.developer_type === "trends").map((type) => type.developer_name),
);

/**
 * `where[...]` exactly as /fixtures/search parses it, then one rule of the backtest's own: a rule is
 * judged on what was known at kick-off, the pre-match metrics. A statistic (or trend) is known only
 * in play, and a finished fixture's final statistic would leak the result into the rule: a 400.
 */
export function backtestWhere(query: ParsedUrlQuery): WhereCondition[] {
  const conditions = parseWhere(query);
  for (const { name } of conditions) {
    if (METRIC_NAMES.has(name)) continue;
    if (IN_PLAY_NAMES.has(name)) {
      throw new BadRequestError(
        `where[${name}]: ${name} is a statistic, known only in play; a backtest filters on pre-match metrics (${METRIC_GROUPS.join(", ")} in /types)`,
      );
    }
    throw new BadRequestError(`where[${name}]: ${name} is not a pre-match metric; a backtest filters on ${METRIC_GROUPS.join(", ")} names from /types`);
  }
  return conditions;
}
