import { describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";
import { localOddId, type PackedOdd } from "../../../src/domain/fixture/packed-odds.js";
import { SELECTIONS } from "../../../src/domain/football/odds/markets.js";
import { oddId } from "../../../src/domain/football/odds/odd-id.js";
import { Random } from "../../../src/domain/football/random.js";
import type { OddsFilter } from "../../../src/presenters/fixture-filters.js";
import { SelectionSchema } from "../../../src/presenters/fixture-schema.js";
import { presentOdds } from "../../../src/presenters/fixture-modules.js";
import { oddsJson } from "../../../src/presenters/odds-json.js";

const FIXTURE_ID = 4_000_000_123;

/** Every selection, pre-match and live, from every bookmaker, with varied prices, statuses, suspension and scores. */
function randomOdds(random: Random, fixtureId: number): PackedOdd[] {
  const odds: PackedOdd[] = [];
  for (const selection of SELECTIONS) {
    for (const isLive of [0, 1] as const) {
      const bookmakerId = random.int(1, 5);
      const id = oddId({ fixtureId, isLive, bookmakerId, marketId: selection.market.id, slot: selection.slot });
      const value = Math.round((1 + random.next() * 20) * 100) / 100;
      const sp = random.chance(0.2) ? 0 : Math.round((1 + random.next() * 9) * 1000) / 1000;
      const tuple = [localOddId(id, fixtureId), value, sp, 1_795_000_000 + random.int(0, 99_999)] as number[];
      if (random.chance(0.7)) tuple.push(random.int(0, 5));
      if (tuple.length === 5 && random.chance(0.6)) tuple.push(random.int(0, 1));
      if (tuple.length === 6 && random.chance(0.5)) tuple.push(random.int(0, 6), random.int(0, 6));
      odds.push(tuple as PackedOdd);
    }
  }
  return odds;
}

const FILTERS: Array<OddsFilter | undefined> = [
  undefined,
  {},
  { bookmakers: [2] },
  { markets: [1, 3] },
  { is_live: [1] },
  { suspend: [0] },
  { bookmakers: [1, 4], markets: [2], is_live: [0], suspend: [1] },
  { markets: [] },
];

describe("oddsJson", () => {
  it("writes exactly JSON.stringify(presentOdds(...)) for every selection, status, filter and live-only choice", () => {
    const random = new Random("odds-json");
    for (let round = 0; round < 20; round++) {
      const doc = { id: FIXTURE_ID + round, odds: randomOdds(random, FIXTURE_ID + round) };
      for (const filter of FILTERS) {
        for (const liveOnly of [false, true]) {
          expect(oddsJson(doc, filter, liveOnly)).toBe(JSON.stringify(presentOdds(doc, filter, liveOnly)));
        }
      }
    }
  });

  it("writes the keys of SelectionSchema, raw's too, in the schema's order, for every selection", () => {
    const doc = { id: FIXTURE_ID, odds: randomOdds(new Random("odds-json keys"), FIXTURE_ID) };
    const odds = JSON.parse(oddsJson(doc, undefined, false)) as Array<Record<string, unknown> & { raw: Record<string, unknown> }>;
    expect(odds).toHaveLength(doc.odds.length);
    for (const odd of odds) {
      expect(Object.keys(odd)).toEqual(Object.keys(SelectionSchema.shape));
      expect(Object.keys(odd.raw)).toEqual(Object.keys(SelectionSchema.shape.raw.shape));
    }
  });

  it("writes an empty list for a fixture without odds", () => {
    expect(oddsJson({ id: FIXTURE_ID, odds: [] }, undefined, false)).toBe("[]");
    expect(oddsJson({ id: FIXTURE_ID } as Pick<FixtureDocument, "id" | "odds">, undefined, false)).toBe("[]");
  });

  it("writes non-finite numbers and negative zero in an all-number tuple as JSON.stringify does", () => {
    const id = oddId({ fixtureId: FIXTURE_ID, isLive: 1, bookmakerId: 2, marketId: 1, slot: 0 });
    const odd = [localOddId(id, FIXTURE_ID), Number.NaN, Number.POSITIVE_INFINITY, -0, 0, -0, Number.NEGATIVE_INFINITY, 1e21] as unknown as PackedOdd;
    const doc = { id: FIXTURE_ID, odds: [odd] };
    expect(oddsJson(doc, undefined, false)).toBe(JSON.stringify(presentOdds(doc, undefined, false)));
    expect(oddsJson(doc, undefined, false)).toContain('"value":null');
  });

  it("fails on an unknown settlement status like unpacking does, filtered out or not", () => {
    const id = oddId({ fixtureId: FIXTURE_ID, isLive: 0, bookmakerId: 1, marketId: 1, slot: 0 });
    const doc = { id: FIXTURE_ID, odds: [[localOddId(id, FIXTURE_ID), 1.5, 0, 1, 9] as PackedOdd] };
    expect(() => presentOdds(doc, { is_live: [1] }, false)).toThrow(/unknown status 9/);
    expect(() => oddsJson(doc, { is_live: [1] }, false)).toThrow(/unknown status 9/);
  });
});
