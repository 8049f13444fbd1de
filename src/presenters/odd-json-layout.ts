import type { Selection } from "../domain/football/odds/markets.js";
import { SelectionSchema, type SelectionView } from "./fixture-schema.js";

/**
 * The layout of an odd's JSON for odds-json.ts, in the key order of SelectionSchema read at load,
 * so the hand writer writes the documented fields in the documented order and cannot drift from
 * them: a field added to the schema fails the type check here until it has a writer.
 */

/** An odd's own values, each at its place in the values odds-json.ts fills for every odd. */
export const ODD_VALUE = {
  oddId: 0,
  fixture: 1,
  bookmakerId: 2,
  isLive: 3,
  value: 4,
  lastUpdate: 5,
  suspend: 6,
  sp: 7,
  homeScore: 8,
  awayScore: 9,
  status: 10,
  outcome: 11,
} as const;
export const ODD_VALUE_COUNT = Object.keys(ODD_VALUE).length;

type OddValue = (typeof ODD_VALUE)[keyof typeof ODD_VALUE];
/** Part of a field's JSON: text the same for every odd of a selection, or one of the odd's own values. */
type Part = string | { value: OddValue };

type Raw = SelectionView["raw"];
const KEYS = Object.keys(SelectionSchema.shape) as Array<keyof SelectionView>;
const RAW_KEYS = Object.keys(SelectionSchema.shape.raw.shape) as Array<keyof Raw>;

const own = (value: OddValue): Part => ({ value });
/** Text of a value the same for every odd of a selection (numbers and names only: JSON.stringify escapes the names). */
const same = (value: unknown): Part => JSON.stringify(value);

/** Each field's JSON for an odd of this selection, by field: the schema's keys exactly (checked by the type). */
function fieldParts(selection: Selection): { [K in keyof SelectionView]: Part[] } {
  const { market, label } = selection;
  const raw: { [K in keyof Raw]: Part[] } = {
    event_id: ['"', own(ODD_VALUE.fixture), '"'],
    // `fixture-market` or `fixture-market-line` (numbers only: no escaping needed).
    market_id: ['"', own(ODD_VALUE.fixture), selection.line === 0 ? `-${market.id}"` : `-${market.id}-${selection.line}"`],
    selection_id: ['"', own(ODD_VALUE.oddId), '"'],
    is_betbuilder: [same(market.isBetBuilder)],
    market_type_id: [same(String(market.id))],
    selection_type_id: [same(label.id)],
  };
  return {
    odd_id: [own(ODD_VALUE.oddId)],
    fixture_id: [own(ODD_VALUE.fixture)],
    market_id: [same(market.id)],
    bookmaker_id: [own(ODD_VALUE.bookmakerId)],
    is_live: [own(ODD_VALUE.isLive)],
    label_id: [same(label.id)],
    value: [own(ODD_VALUE.value)],
    handicap: [same(selection.handicap)],
    line: [same(selection.line)],
    last_update: [own(ODD_VALUE.lastUpdate)],
    suspend: [own(ODD_VALUE.suspend)],
    sp: [own(ODD_VALUE.sp)],
    home_score: [own(ODD_VALUE.homeScore)],
    away_score: [own(ODD_VALUE.awayScore)],
    status: [own(ODD_VALUE.status)],
    raw: objectParts(RAW_KEYS, raw),
    outcome: [own(ODD_VALUE.outcome)],
    market_description: [same(market.description)],
    market_name: [same(market.name)],
    label_name: [same(label.name)],
  };
}

/** An object's JSON from its fields' parts, in the order of `keys`. */
function objectParts<K extends string>(keys: readonly K[], fields: Record<K, Part[]>): Part[] {
  return ["{", ...keys.flatMap((key, k) => [`${k === 0 ? "" : ","}${JSON.stringify(key)}:`, ...fields[key]]), "}"];
}

/**
 * An odd's JSON for one selection as texts between the odd's own values: `texts[0]`, then
 * `values[k]` (a place in ODD_VALUE) and `texts[k + 1]` in turn. Laid out once per selection, so
 * writing an odd joins a few texts and its numbers.
 */
export type OddLayout = { texts: string[]; values: OddValue[] };

export function oddLayout(selection: Selection): OddLayout {
  const layout: OddLayout = { texts: [""], values: [] };
  for (const part of objectParts(KEYS, fieldParts(selection))) {
    if (typeof part === "string") layout.texts[layout.texts.length - 1] += part;
    else {
      layout.values.push(part.value);
      layout.texts.push("");
    }
  }
  return layout;
}
