import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { fullOddId, selectionOfOddId, type PackedOdd } from "../domain/fixture/packed-odds.js";
import type { Selection } from "../domain/football/odds/markets.js";
import { oddIdParts } from "../domain/football/odds/odd-id.js";
import { OUTCOME_NAMES, type SettlementStatus } from "../domain/football/odds/settlement.js";
import type { OddsFilter } from "./fixture-filters.js";
import { keepsOdd } from "./narrow.js";
import { presentOdds } from "./fixture-modules.js";

/**
 * A fixture's odds written as JSON text straight from their packed tuples: byte for byte
 * `JSON.stringify(presentOdds(doc, filter, liveOnly))` (fixture-modules.ts), which a test
 * holds it to over every market, status and filter. Why: odds were most of what presenting a
 * fixture cost (88 odds a fixture on the real data: presenting one took 118 us with odds, 15
 * without), because each tuple became an object of 20 fields and a nested `raw`, only to be
 * stringified at once; written here, a fixture with odds takes 75 us. What a selection shows
 * the same way for every odd (market, label, line, names) is JSON made once per selection,
 * and each odd adds its own numbers around it.
 */
export function oddsJson(doc: Pick<FixtureDocument, "id" | "odds">, filter: OddsFilter | undefined, liveOnly: boolean): string {
  const fixtureId = doc.id;
  // The odd ids are written as the fixture id's digits and three more: only for a positive
  // integer id. Anything else a stored document could hold goes the objects' way.
  if (!Number.isSafeInteger(fixtureId) || fixtureId <= 0 || (doc.odds !== undefined && doc.odds !== null && !Array.isArray(doc.odds))) {
    return JSON.stringify(presentOdds(doc, filter, liveOnly));
  }
  const fixture = String(fixtureId);
  let json = "[";
  let first = true;
  for (const tuple of doc.odds ?? []) {
    const odd = Array.isArray(tuple) ? oddJson(tuple, fixtureId, fixture, filter, liveOnly) : objectsWay(tuple, fixtureId, filter, liveOnly);
    if (odd === null) continue;
    json += first ? odd : `,${odd}`;
    first = false;
  }
  return `${json}]`;
}

/**
 * `oddsJson`, kept for a document presented again: a stream round reads a document once and
 * presents it for every query that shows it, in each of their variants (at a thousand distinct
 * queries a live fixture is presented in a dozen), and the odds are the same text for all of
 * them with the same filter and live-only choice. A page presents each document once: the first
 * presentation only notes the key, so nothing of a page's odds is kept alive longer than it was
 * (the JSON goes to a Buffer at once, and a string kept would outlive the young generation).
 * Kept with the document object (a WeakMap): gone when the document is, and a document read
 * again is a new object, so nothing outlives the version it was made from.
 */
export function oddsJsonOnce(doc: Pick<FixtureDocument, "id" | "odds">, filter: OddsFilter | undefined, liveOnly: boolean): string {
  const key = filter === undefined ? (liveOnly ? "live" : "all") : `${liveOnly ? "live" : "all"}${JSON.stringify(filter)}`;
  const made = MADE.get(doc);
  const found = made?.get(key);
  if (typeof found === "string") return found;
  const json = oddsJson(doc, filter, liveOnly);
  // Seen before (null): this one is kept for the presentations to come.
  if (made === undefined) MADE.set(doc, new Map([[key, null]]));
  else made.set(key, found === null ? json : null);
  return json;
}

/** Per document, its odds' JSON by filter and live-only choice: null once presented, the text from the second time on. */
const MADE = new WeakMap<object, Map<string, string | null>>();

/** One odd's JSON, or null when the filter (or `liveOnly`) leaves it out. */
function oddJson(tuple: PackedOdd, fixtureId: number, fixture: string, filter: OddsFilter | undefined, liveOnly: boolean): string | null {
  // Indexed, not destructured: destructuring walked an iterator per odd (most of unpacking's garbage).
  const local = tuple[0];
  const value = tuple[1];
  const sp = tuple[2];
  const lastUpdate = tuple[3];
  const status = orZero(tuple[4]);
  const suspend = orZero(tuple[5]);
  const homeScore = orZero(tuple[6]);
  const awayScore = orZero(tuple[7]);
  const id = fullOddId(local, fixtureId);
  const { isLive, bookmakerId } = oddIdParts(id);
  const selection = selectionOfOddId(id);
  // Checked before the filters, as unpacking every odd first did: a bad odd fails the fixture either way.
  if (OUTCOME_NAMES[status as SettlementStatus] === undefined) throw new RangeError(`odd ${id}: unknown status ${status}`);
  if (liveOnly && isLive !== 1) return null;
  if (filter && !keepsOdd(filter, bookmakerId, selection.market.id, isLive, suspend)) return null;
  // Anything but numbers where numbers belong (never written so, but possible in a stored
  // document) is left to JSON.stringify, which knows how every value is written.
  if (!allNumbers(value, sp, lastUpdate, status, suspend, homeScore, awayScore)) return objectsWay(tuple, fixtureId, undefined, false);
  const shown = shownAlike(selection);
  // Number to text is most of the work: the fixture id is written once per fixture, and the
  // odd id is it followed by the three digits of the local id (odd_id = fixture_id x 1000 + local).
  const oddId = fixture + LOCAL_DIGITS[local]!;
  return (
    `{"odd_id":${oddId},"fixture_id":${fixture},"market_id":${shown.marketId},"bookmaker_id":${bookmakerId},"is_live":${isLive},` +
    `"label_id":${shown.labelId},"value":${number(value)},"handicap":${shown.handicap},"line":${shown.line},` +
    `"last_update":${number(lastUpdate)},"suspend":${number(suspend)},"sp":${number(sp)},"home_score":${number(homeScore)},` +
    `"away_score":${number(awayScore)},"status":${number(status)},` +
    `"raw":{"event_id":"${fixture}","market_id":"${fixture}${shown.rawMarketSuffix}","selection_id":"${oddId}",${shown.raw}},` +
    `"outcome":${OUTCOME_JSON.get(status)!},${shown.names}}`
  );
}

/** A tuple that is not an array, as unpacking and narrowing it gives (or fails). */
function objectsWay(tuple: PackedOdd, fixtureId: number, filter: OddsFilter | undefined, liveOnly: boolean): string | null {
  const odds = presentOdds({ id: fixtureId, odds: [tuple] }, filter, liveOnly);
  return odds.length === 0 ? null : JSON.stringify(odds[0]);
}

/** A trailing field left off the tuple is 0 (as destructuring's default: only a missing one). */
function orZero<T>(value: T | undefined): T | 0 {
  return value === undefined ? 0 : value;
}

/** Fixed arity, not a rest parameter: this runs for every odd, and a rest parameter is an array each time. */
function allNumbers(a: unknown, b: unknown, c: unknown, d: unknown, e: unknown, f: unknown, g: unknown): boolean {
  return typeof a === "number" && typeof b === "number" && typeof c === "number" && typeof d === "number" && typeof e === "number" && typeof f === "number" && typeof g === "number";
}

/** A number as JSON.stringify writes it (NaN and the infinities as null). */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : "null";
}

/** The parts of an odd's JSON that are the same for every odd of a selection, as JSON. */
type ShownAlike = { marketId: string; labelId: string; handicap: string; line: string; rawMarketSuffix: string; raw: string; names: string };
/** Each settlement status's outcome name as JSON (the status is a number here: checked above, then by allNumbers). */
const OUTCOME_JSON = new Map<number, string>(Object.entries(OUTCOME_NAMES).map(([status, name]) => [Number(status), JSON.stringify(name)]));
const LOCAL_DIGITS = Array.from({ length: 1000 }, (_, local) => String(local).padStart(3, "0"));
const SHOWN_ALIKE = new Map<Selection, ShownAlike>();

function shownAlike(selection: Selection): ShownAlike {
  let shown = SHOWN_ALIKE.get(selection);
  if (shown === undefined) {
    const { market, label } = selection;
    shown = {
      marketId: JSON.stringify(market.id),
      labelId: JSON.stringify(label.id),
      handicap: JSON.stringify(selection.handicap),
      line: JSON.stringify(selection.line),
      // raw.market_id is `fixture-market` or `fixture-market-line` (numbers only: no escaping needed).
      rawMarketSuffix: selection.line === 0 ? `-${market.id}` : `-${market.id}-${selection.line}`,
      raw: `"is_betbuilder":${JSON.stringify(market.isBetBuilder)},"market_type_id":${JSON.stringify(String(market.id))},"selection_type_id":${JSON.stringify(label.id)}`,
      names: `"market_description":${JSON.stringify(market.description)},"market_name":${JSON.stringify(market.name)},"label_name":${JSON.stringify(label.name)}`,
    };
    SHOWN_ALIKE.set(selection, shown);
  }
  return shown;
}
