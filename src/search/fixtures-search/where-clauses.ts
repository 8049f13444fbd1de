import type { estypes } from "@elastic/elasticsearch";
import type { Location as EffectiveLocation } from "../../domain/fixture-parts.js";
import type { Location, WhereCondition } from "./conditions.js";

/** HOME, AWAY and LEAGUE as the `effective.location` values the documents store. */
export function effectiveLocation(location: Location): EffectiveLocation {
  return location.toLowerCase() as EffectiveLocation;
}

/** The nested entries of one developer_name at one location (there is at most one per fixture). */
export function effectiveEntry(name: string, location: Location): estypes.QueryDslQueryContainer[] {
  return [{ term: { "effective.name": name } }, { term: { "effective.location": effectiveLocation(location) } }];
}

/**
 * One nested query per condition, all ANDed by the caller's bool filter. Each one
 * must match inside a single `effective` entry (name, location and value together);
 * a flat object would let the name of one entry pair with the value of another.
 * `effective` already holds the in-play statistic over the pre-match metric, so the
 * override needs no logic here.
 */
export function whereClauses(conditions: readonly WhereCondition[]): estypes.QueryDslQueryContainer[] {
  return conditions.map((condition) => ({
    nested: {
      path: "effective",
      score_mode: "none",
      query: {
        bool: {
          filter: [
            ...effectiveEntry(condition.name, condition.location),
            { range: { "effective.value": { gte: condition.min, lte: condition.max } } },
          ],
        },
      },
    },
  }));
}
