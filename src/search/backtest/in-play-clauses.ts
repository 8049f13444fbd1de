/**
 * An in-play rule's conditions on the states of a finished fixture (domain/fixture/in-play-states.ts),
 * the nested `in_play` documents: one per trend point, each holding every in-play value of that
 * point at `in_play.<location>.<type id>`. The same `where` a scanner sends /fixtures/search, compiled
 * to another shape than `effective` (one document a state, every name a field of it, rather than
 * one document a value): a state matches when every condition holds on it. A test holds this
 * compilation equal to the nested builder's (where-clauses.ts) on the same values.
 */
import type { estypes } from "@elastic/elasticsearch";
import { effectiveLocation } from "../fixtures-search/where-clauses.js";
import type { WhereCondition } from "../fixtures-search/conditions.js";
import type { MinuteRange } from "../../domain/backtest/in-play-figures.js";
import { stateKey } from "../../domain/fixture/in-play-states.js";

/** The nested path of the states. */
export const STATES_PATH = "in_play";

/** The field of a value in a state: `in_play.home.15` (GOALS: values are indexed under their type id, `stateKey`). */
export function stateField(condition: Pick<WhereCondition, "name" | "location">): string {
  return `${STATES_PATH}.${effectiveLocation(condition.location)}.${stateKey(condition.name)}`;
}

/**
 * One condition on a state. A zero is not stored (it is most values early in a match, and the
 * rebuild writes a state per minute of every finished fixture), so a range that admits 0 also
 * matches a state without the value.
 */
export function stateCondition(condition: WhereCondition): estypes.QueryDslQueryContainer {
  const field = stateField(condition);
  const range: estypes.QueryDslQueryContainer = { range: { [field]: { gte: condition.min, lte: condition.max } } };
  if (condition.min > 0 || condition.max < 0) return range;
  return { bool: { should: [range, { bool: { must_not: [{ exists: { field } }] } }], minimum_should_match: 1 } };
}

/** A state of the minute range where every condition holds (a query inside `in_play`). */
export function stateMatch(conditions: readonly WhereCondition[], minutes: MinuteRange): estypes.QueryDslQueryContainer {
  return { bool: { filter: [{ range: { [`${STATES_PATH}.minute`]: { gte: minutes.from, lte: minutes.to } } }, ...conditions.map(stateCondition)] } };
}
