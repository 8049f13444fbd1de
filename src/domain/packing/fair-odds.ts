/**
 * Compact storage form of a fixture's fair odds. All entries of one fixture share model_id and
 * updated_at, so they are kept once:
 *
 *   { model_id, updated_at, entries: [market_id, label_id, probability, line?][] }
 *
 * `line` is present only for lined selections (Over/Under 1.5, 2.5, 3.5), whose market and
 * label ids alone are ambiguous. market_name, label_name (fairLabelName: "Over 2.5") and
 * fair_value (round(1 / probability, 2), as price-fixture.ts computes it) are rebuilt.
 * `packFairOdds` returns null for an empty list and throws on a list it cannot rebuild exactly.
 */
import { SELECTIONS, type Selection } from "../../enrich/odds/catalogue.js";
import { fairOddOf } from "../../enrich/odds/price-fixture.js";
import type { FairOdd } from "../fixture-parts.js";

export type PackedFairOddEntry = [marketId: number, labelId: number, probability: number] | [marketId: number, labelId: number, probability: number, line: number];

export type PackedFairOdds = { model_id: number; updated_at: string; entries: PackedFairOddEntry[] };

function selectionKey(marketId: number, labelId: number, line: number): string {
  return `${marketId}:${labelId}:${line}`;
}

const BY_KEY = new Map<string, Selection>(SELECTIONS.map((s) => [selectionKey(s.market.id, s.label.id, s.line), s]));

export function packFairOdds(list: readonly FairOdd[]): PackedFairOdds | null {
  const first = list[0];
  if (!first) return null;
  const packed: PackedFairOdds = { model_id: first.model_id, updated_at: first.updated_at, entries: [] };
  for (const fair of list) {
    const selection = BY_KEY.get(selectionKey(fair.market_id, fair.label_id, lineOf(fair)));
    if (!selection) throw new Error(`packFairOdds: no selection for market ${fair.market_id} label "${fair.label_name}"`);
    const entry: PackedFairOddEntry =
      selection.line === 0 ? [fair.market_id, fair.label_id, fair.probability] : [fair.market_id, fair.label_id, fair.probability, selection.line];
    const back = unpackEntry(entry, packed.model_id, packed.updated_at);
    const differing = (Object.keys(back) as Array<keyof FairOdd>).find((key) => !Object.is(back[key], fair[key]));
    if (differing !== undefined || Object.keys(fair).length !== Object.keys(back).length) {
      throw new Error(`packFairOdds: fair odd of market ${fair.market_id} label "${fair.label_name}" differs in ${differing ?? "its fields"} from what can be rebuilt`);
    }
    packed.entries.push(entry);
  }
  return packed;
}

export function unpackFairOdds(packed: PackedFairOdds | null | undefined): FairOdd[] {
  if (!packed) return [];
  return packed.entries.map((entry) => unpackEntry(entry, packed.model_id, packed.updated_at));
}

/** The line of a stored fair odd, read from its label name ("Over 2.5" -> 2.5); 0 without one. */
function lineOf(fair: FairOdd): number {
  const match = / (-?\d+(?:\.\d+)?)$/.exec(fair.label_name);
  return match ? Number(match[1]) : 0;
}

function unpackEntry(entry: PackedFairOddEntry, modelId: number, updatedAt: string): FairOdd {
  const [marketId, labelId, probability, line = 0] = entry;
  const selection = BY_KEY.get(selectionKey(marketId, labelId, line));
  if (!selection) throw new RangeError(`unpackFairOdds: no selection for market ${marketId} label ${labelId} line ${line}`);
  return fairOddOf(selection, probability, modelId, updatedAt);
}
