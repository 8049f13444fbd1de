import { isFinished } from "../types/statuses.js";
import { SETTLEMENT } from "../fixture-parts.js";
import { unpackOdds } from "../fixture/packed-odds.js";
import { OUTCOME_NAMES, settleOdd, type FinalScore, type SettlementStatus } from "../football/odds/settlement.js";
import type { BetBuilderDocument, BetBuilderSelection } from "./document.js";
import { fixtureCopy, scoreOf, type PricingFixture } from "./fixture-state.js";
import { round2 } from "./pick.js";

const VOIDED: ReadonlySet<string> = new Set(["POSTPONED", "CANCELLED", "ABANDONED"]);

/**
 * The pricing step: a bet builder brought in line with its fixture as stored now.
 * Each selection takes its odd's current price, suspension and settlement; an odd the
 * fixture no longer offers while the match goes on is suspended; after the final
 * whistle a selection without a settled odd (an in-play price) is settled on the
 * 90-minute score with the odds' own settleOdd. Then:
 * - `value` = product of the selections' current prices (2 decimals), `sp` untouched;
 * - `last_priced_at` = now when `value` is set for the first time or changes;
 * - `suspend` = 1 while the builder is pending and any selection is suspended;
 * - `status` from the selections: any lost is lost, any pending is pending, all void
 *   is void, else half lost, half won or won (void legs are ignored);
 * - the fixture copy (status, live, finished, kick-off, league) is refreshed.
 * A fixture that no longer exists (null) only marks the builder finished.
 */
export function priceBetBuilder(builder: BetBuilderDocument, fixture: PricingFixture | null, now: Date): BetBuilderDocument {
  if (!fixture) return { ...builder, fixture_is_live: false, fixture_finished: true };
  const odds = new Map(unpackOdds(fixture.odds ?? [], fixture.id).map((odd) => [odd.odd_id, odd]));
  const final = isFinished(fixture.status) ? finalScore(fixture) : null;
  const selections = builder.selections.map((selection): BetBuilderSelection => {
    const current = odds.get(selection.odd_id);
    if (current) {
      return {
        ...selection,
        value: current.value,
        suspend: current.suspend,
        status: current.status,
        outcome: current.outcome,
        last_update: current.last_update,
        home_score: current.home_score,
        away_score: current.away_score,
      };
    }
    if (final) return settled(selection, settleOdd(selection, final).status);
    if (VOIDED.has(fixture.status)) return settled(selection, SETTLEMENT.VOID);
    return { ...selection, suspend: 1 };
  });
  const status = combinedStatus(selections.map((selection) => selection.status));
  const value = round2(selections.reduce((product, selection) => product * selection.value, 1));
  const repriced = builder.value === null || builder.value !== value;
  return {
    ...builder,
    ...fixtureCopy(fixture),
    selections,
    status,
    suspend: status === SETTLEMENT.PENDING && selections.some((selection) => selection.suspend === 1) ? 1 : 0,
    value,
    last_priced_at: repriced ? now.toISOString() : builder.last_priced_at,
  };
}

/** Whether pricing changed anything a reader can see (so unchanged builders are not rewritten). */
export function pricingChanged(before: BetBuilderDocument, after: BetBuilderDocument): boolean {
  return JSON.stringify(before) !== JSON.stringify(after);
}

export function combinedStatus(statuses: readonly number[]): number {
  if (statuses.includes(SETTLEMENT.LOST)) return SETTLEMENT.LOST;
  if (statuses.includes(SETTLEMENT.PENDING)) return SETTLEMENT.PENDING;
  const counted = statuses.filter((status) => status !== SETTLEMENT.VOID);
  if (counted.length === 0) return SETTLEMENT.VOID;
  if (counted.includes(SETTLEMENT.HALF_LOST)) return SETTLEMENT.HALF_LOST;
  if (counted.includes(SETTLEMENT.HALF_WON)) return SETTLEMENT.HALF_WON;
  return SETTLEMENT.WON;
}

function settled(selection: BetBuilderSelection, status: SettlementStatus): BetBuilderSelection {
  return { ...selection, status, outcome: OUTCOME_NAMES[status], suspend: 0 };
}

/** Full-time markets settle on the score after 90 minutes (2ND_HALF), an awarded match on its awarded score. */
function finalScore(fixture: PricingFixture): FinalScore | null {
  const side = (teamId: number) => scoreOf(fixture, teamId, "2ND_HALF") ?? scoreOf(fixture, teamId, "CURRENT");
  const home = side(fixture.home_team_id);
  const away = side(fixture.away_team_id);
  if (home === undefined || away === undefined) return null;
  return {
    homeGoals: home,
    awayGoals: away,
    htHome: scoreOf(fixture, fixture.home_team_id, "1ST_HALF") ?? 0,
    htAway: scoreOf(fixture, fixture.away_team_id, "1ST_HALF") ?? 0,
  };
}
