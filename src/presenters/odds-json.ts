import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { fullOddId, selectionOfOddId, type PackedOdd } from "../domain/fixture/packed-odds.js";
import type { Selection } from "../domain/football/odds/markets.js";
import { oddIdParts } from "../domain/football/odds/odd-id.js";
import { OUTCOME_NAMES, type SettlementStatus } from "../domain/football/odds/settlement.js";
import type { OddsFilter } from "./fixture-filters.js";
import { keepsOdd } from "./narrow.js";

/**
 * A fixture's odds written as JSON text straight from their packed tuples: byte for byte
 * `JSON.stringify(presentOdds(doc, filter, liveOnly))` (fixture-modules.ts), which a test
 * holds it to over every market, status and filter. Why: odds are most of what presenting a
 * fixture costs (about 88 odds a fixture on the real data), and making each tuple an object of
 * 20 fields and a nested `raw` only to stringify it at once was a large part of that; written
 * here, those objects are never made (docs/benchmarks.md has the timings). What a selection shows
 * the same way for every odd (market, label, line, names) is JSON made once per selection,
 * and each odd adds its own numbers around it. It trusts the stored shape: odds are the
 * packer's tuples of numbers under a positive integer fixture id (src/domain/packing/odds.ts),
 * the only shape the rebuild and the live writer store.
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

/** A trailing field left off the tuple is 0 (as destructuring's default: only a missing one). */
function orZero<T>(value: T | undefined): T | 0 {
  return value === undefined ? 0 : value;
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
