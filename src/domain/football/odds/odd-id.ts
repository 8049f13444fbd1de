/**
 * Odd ids: deterministic, and unique across the whole data set because the fixture id leads.
 *
 *   odd_id = fixture_id x 1000 + is_live x 500 + (bookmaker_id - 1) x 100 + market_id x 10 + slot
 *
 * with bookmaker_id 1-5, market_id 1-9 and slot 0-9 (catalogue.ts), so the last three digits
 * never overflow into the fixture id and pre-match and live odds never share an id. The id stays
 * a safe integer while fixture_id <= MAX_FIXTURE_ID_FOR_ODDS (about 9.0e12, 2^43); a larger
 * fixture id is refused rather than silently losing precision.
 */
export const MAX_FIXTURE_ID_FOR_ODDS = Math.floor((Number.MAX_SAFE_INTEGER - 999) / 1000);

export type OddIdParts = { fixtureId: number; isLive: 0 | 1; bookmakerId: number; marketId: number; slot: number };

export function oddId({ fixtureId, isLive, bookmakerId, marketId, slot }: OddIdParts): number {
  if (!Number.isSafeInteger(fixtureId) || fixtureId < 1 || fixtureId > MAX_FIXTURE_ID_FOR_ODDS) {
    throw new RangeError(`fixture id ${fixtureId} is outside 1..${MAX_FIXTURE_ID_FOR_ODDS}, odd ids would not be exact`);
  }
  check("bookmaker id", bookmakerId, 1, 5);
  check("market id", marketId, 1, 9);
  check("slot", slot, 0, 9);
  return fixtureId * 1000 + isLive * 500 + (bookmakerId - 1) * 100 + marketId * 10 + slot;
}

/** The parts back from an odd id (the inverse of oddId). */
export function oddIdParts(id: number): OddIdParts {
  const local = id % 1000;
  const isLive = local >= 500 ? 1 : 0;
  const rest = local - isLive * 500;
  return {
    fixtureId: Math.floor(id / 1000),
    isLive,
    bookmakerId: Math.floor(rest / 100) + 1,
    marketId: Math.floor((rest % 100) / 10),
    slot: rest % 10,
  };
}

function check(name: string, value: number, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} ${value} is outside ${min}..${max}`);
  }
}
