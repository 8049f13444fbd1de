import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { fullOddId, selectionOfOddId, type PackedOdd } from "../domain/fixture/packed-odds.js";
import type { Selection } from "../domain/football/odds/markets.js";
import { oddIdParts } from "../domain/football/odds/odd-id.js";
import { OUTCOME_NAMES, type SettlementStatus } from "../domain/football/odds/settlement.js";
import type { OddsFilter } from "./fixture-filters.js";
import { keepsOdd } from "./narrow.js";
import { ODD_VALUE, ODD_VALUE_COUNT, oddLayout, type OddLayout } from "./odd-json-layout.js";

/**
 * A fixture's odds written as JSON text straight from their packed tuples: byte for byte
 * `JSON.stringify(presentOdds(doc, filter, liveOnly))` (fixture-modules.ts), which a test
 * holds it to over every market, status and filter. Why: odds are most of what presenting a
 * fixture costs (about 88 odds a fixture on the real data), and making each tuple an object of
 * 20 fields and a nested `raw` only to stringify it at once was a large part of that; written
 * here, those objects are never made (docs/benchmarks.md has the timings). What a selection shows
 * the same way for every odd (market, label, line, names) is JSON made once per selection, in
 * the fields and order of SelectionSchema (odd-json-layout.ts), and each odd adds its own
 * numbers between those texts. It trusts the stored shape: odds are the packer's tuples of
 * numbers under a positive integer fixture id (src/domain/packing/odds.ts), the only shape the
 * rebuild and the live writer store.
 */
export function oddsJson(doc: Pick<FixtureDocument, "id" | "odds">, filter: OddsFilter | undefined, liveOnly: boolean): string {
  const fixtureId = doc.id;
  const fixture = String(fixtureId);
  let json = "[";
  let first = true;
  for (const tuple of doc.odds ?? []) {
    const odd = oddJson(tuple, fixtureId, fixture, filter, liveOnly);
    if (odd === null) continue;
    json += first ? odd : `,${odd}`;
    first = false;
  }
  return `${json}]`;
}

/** One odd's JSON, or null when the filter (or `liveOnly`) leaves it out. */
function oddJson(tuple: PackedOdd, fixtureId: number, fixture: string, filter: OddsFilter | undefined, liveOnly: boolean): string | null {
  // Indexed, not destructured: destructuring walked an iterator per odd (most of unpacking's garbage).
  const local = tuple[0];
  const status = orZero(tuple[4]);
  const suspend = orZero(tuple[5]);
  const id = fullOddId(local, fixtureId);
  const { isLive, bookmakerId } = oddIdParts(id);
  const selection = selectionOfOddId(id);
  // Checked before the filters, as unpacking every odd first did: a bad odd fails the fixture either way.
  if (OUTCOME_NAMES[status as SettlementStatus] === undefined) throw new RangeError(`odd ${id}: unknown status ${status}`);
  if (liveOnly && isLive !== 1) return null;
  if (filter && !keepsOdd(filter, bookmakerId, selection.market.id, isLive, suspend)) return null;
  // Number to text is most of the work: the fixture id is written once per fixture, and the
  // odd id is it followed by the three digits of the local id (odd_id = fixture_id x 1000 + local).
  const values = ODD_TEXT;
  values[ODD_VALUE.oddId] = fixture + LOCAL_DIGITS[local]!;
  values[ODD_VALUE.fixture] = fixture;
  values[ODD_VALUE.bookmakerId] = String(bookmakerId);
  values[ODD_VALUE.isLive] = String(isLive);
  values[ODD_VALUE.value] = number(tuple[1]);
  values[ODD_VALUE.lastUpdate] = number(tuple[3]);
  values[ODD_VALUE.suspend] = number(suspend);
  values[ODD_VALUE.sp] = number(tuple[2]);
  values[ODD_VALUE.homeScore] = number(orZero(tuple[6]));
  values[ODD_VALUE.awayScore] = number(orZero(tuple[7]));
  values[ODD_VALUE.status] = number(status);
  values[ODD_VALUE.outcome] = OUTCOME_JSON.get(status)!;
  const { texts, values: order } = layoutOf(selection);
  let json = texts[0]!;
  for (let k = 0; k < order.length; k++) json += values[order[k]!]! + texts[k + 1]!;
  return json;
}

/** A trailing field left off the tuple is 0 (as destructuring's default: only a missing one). */
function orZero<T>(value: T | undefined): T | 0 {
  return value === undefined ? 0 : value;
}

/** A number as JSON.stringify writes it (NaN and the infinities as null). */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : "null";
}

/** Each settlement status's outcome name as JSON (the status is a number here: checked above, then by allNumbers). */
const OUTCOME_JSON = new Map<number, string>(Object.entries(OUTCOME_NAMES).map(([status, name]) => [Number(status), JSON.stringify(name)]));
const LOCAL_DIGITS = Array.from({ length: 1000 }, (_, local) => String(local).padStart(3, "0"));
/** The odd's own values as text, filled anew for each odd (the writer never yields in between). */
const ODD_TEXT = new Array<string>(ODD_VALUE_COUNT).fill("");
const LAYOUTS = new Map<Selection, OddLayout>();

function layoutOf(selection: Selection): OddLayout {
  let layout = LAYOUTS.get(selection);
  if (layout === undefined) {
    layout = oddLayout(selection);
    LAYOUTS.set(selection, layout);
  }
  return layout;
}
