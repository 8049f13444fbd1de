/**
 * Compact storage form of a fixture's modelled odds (stored unindexed; the presenter expands
 * them). Only what varies per odd is kept, in a short tuple:
 *
 *   [local_id, value, sp, last_update, status?, suspend?, home_score?, away_score?]
 *
 * - local_id: the odd id's last three digits (odd_id - fixture_id x 1000, see odd-id.ts): is_live,
 *   bookmaker, market and slot. The fixture id comes from the document (`unpackOdds`' argument).
 * - status, suspend, home_score, away_score: trailing zeros are left off, so a pending pre-match
 *   odd is 4 numbers, a settled one 5, a live one with a score 8.
 *
 * Everything else (fixture_id, market_id, bookmaker_id, is_live, label_id, handicap, line, raw,
 * outcome, market_description, market_name, label_name) is rebuilt from the odd id parts and
 * the catalogue exactly as price-fixture.ts builds it. `packOdds` refuses (throws) an odd whose
 * derived fields differ from what unpacking would give, so packing never loses data silently.
 */
import { SELECTIONS, type Selection } from "../../enrich/odds/catalogue.js";
import { oddIdParts } from "../../enrich/odds/odd-id.js";
import { OUTCOME_NAMES, type SettlementStatus } from "../../enrich/odds/settlement.js";
import type { Odd } from "../fixture-parts.js";

export type PackedOdd =
  | [localId: number, value: number, sp: number, lastUpdate: number]
  | [localId: number, value: number, sp: number, lastUpdate: number, status: number]
  | [localId: number, value: number, sp: number, lastUpdate: number, status: number, suspend: 0 | 1]
  | [localId: number, value: number, sp: number, lastUpdate: number, status: number, suspend: 0 | 1, homeScore: number]
  | [localId: number, value: number, sp: number, lastUpdate: number, status: number, suspend: 0 | 1, homeScore: number, awayScore: number];

/** Selections by market id and slot (the last two digits of an odd id). */
const BY_MARKET_SLOT = new Map<number, Selection>(SELECTIONS.map((s) => [s.market.id * 10 + s.slot, s]));

/** The odd id's part below the fixture id (0..999). */
export function localOddId(oddId: number, fixtureId: number): number {
  const local = oddId - fixtureId * 1000;
  if (!Number.isSafeInteger(oddId) || !Number.isInteger(local) || local < 0 || local > 999) {
    throw new RangeError(`odd id ${oddId} does not belong to fixture ${fixtureId}`);
  }
  return local;
}

/** The full odd id from its local part. */
export function fullOddId(localId: number, fixtureId: number): number {
  const id = fixtureId * 1000 + localId;
  if (!Number.isInteger(localId) || localId < 0 || localId > 999 || !Number.isSafeInteger(id)) {
    throw new RangeError(`local odd id ${localId} of fixture ${fixtureId} is not a valid odd id`);
  }
  return id;
}

/** The catalogue selection an odd id stands for. */
export function selectionOfOddId(oddId: number): Selection {
  const { marketId, slot } = oddIdParts(oddId);
  const selection = BY_MARKET_SLOT.get(marketId * 10 + slot);
  if (!selection) throw new RangeError(`odd id ${oddId}: no selection for market ${marketId} slot ${slot}`);
  return selection;
}

/** Packs the odds of one fixture (all odds must share their fixture_id). */
export function packOdds(odds: readonly Odd[]): PackedOdd[] {
  const fixtureId = odds[0]?.fixture_id;
  return odds.map((odd) => {
    if (odd.fixture_id !== fixtureId) throw new Error(`packOdds: odd ${odd.odd_id} is of fixture ${odd.fixture_id}, the list of fixture ${fixtureId}`);
    const local = localOddId(odd.odd_id, odd.fixture_id);
    const packed = trimZeros([local, odd.value, odd.sp, odd.last_update, odd.status, odd.suspend, odd.home_score, odd.away_score]);
    const back = unpackOdd(packed, odd.fixture_id);
    const differing = differingField(odd, back);
    if (differing !== null) {
      throw new Error(`packOdds: odd ${odd.odd_id} has a ${differing} that cannot be derived from its id and the catalogue`);
    }
    return packed;
  });
}

export function unpackOdds(packed: readonly PackedOdd[], fixtureId: number): Odd[] {
  return packed.map((tuple) => unpackOdd(tuple, fixtureId));
}

function unpackOdd(tuple: PackedOdd, fixtureId: number): Odd {
  const [local, value, sp, lastUpdate, status = 0, suspend = 0, homeScore = 0, awayScore = 0] = tuple;
  const id = fullOddId(local, fixtureId);
  const { isLive, bookmakerId } = oddIdParts(id);
  const { market, label, line, handicap } = selectionOfOddId(id);
  const outcome = OUTCOME_NAMES[status as SettlementStatus];
  if (outcome === undefined) throw new RangeError(`odd ${id}: unknown status ${status}`);
  return {
    odd_id: id,
    fixture_id: fixtureId,
    market_id: market.id,
    bookmaker_id: bookmakerId,
    is_live: isLive,
    label_id: label.id,
    value,
    handicap,
    line,
    last_update: lastUpdate,
    suspend,
    sp,
    home_score: homeScore,
    away_score: awayScore,
    status,
    raw: {
      event_id: String(fixtureId),
      market_id: line === 0 ? `${fixtureId}-${market.id}` : `${fixtureId}-${market.id}-${line}`,
      selection_id: String(id),
      is_betbuilder: market.isBetBuilder,
      market_type_id: String(market.id),
      selection_type_id: label.id,
    },
    outcome,
    market_description: market.description,
    market_name: market.name,
    label_name: label.name,
  };
}

/** A full odd tuple with its trailing zero fields left off (also used by the live updates). */
export function trimZeros(values: number[]): PackedOdd {
  let end = values.length;
  while (end > 4 && values[end - 1] === 0 && !Object.is(values[end - 1], -0)) end--;
  return values.slice(0, end) as PackedOdd;
}

/** The first field (dotted for raw) where two odds differ, or null. */
function differingField(a: Odd, b: Odd): string | null {
  for (const key of Object.keys(b) as Array<keyof Odd>) {
    if (key === "raw") continue;
    if (!Object.is(a[key], b[key])) return key;
  }
  if (a.raw === null || typeof a.raw !== "object") return "raw";
  for (const key of Object.keys(b.raw) as Array<keyof Odd["raw"]>) {
    if (!Object.is(a.raw[key], b.raw[key])) return `raw.${key}`;
  }
  if (Object.keys(a).length !== Object.keys(b).length) return "set of fields";
  if (Object.keys(a.raw).length !== Object.keys(b.raw).length) return "set of raw fields";
  return null;
}
