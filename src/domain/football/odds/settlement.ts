/**
 * Settles a selection on the final score. Full-time markets use the score after 90 minutes
 * (extra time and penalties excluded), Half Time Result the first-half score. Codes are the
 * shared SETTLEMENT codes (docs/api-behaviour.md, "Settlement codes"); bet builders settle their selections
 * with the same function.
 */
import { SETTLEMENT } from "../../fixture-parts.js";
import { LABELS, MARKETS } from "./markets.js";

export type FinalScore = { homeGoals: number; awayGoals: number; htHome: number; htAway: number };

export type SettlementStatus = (typeof SETTLEMENT)[keyof typeof SETTLEMENT];
export type Settlement = { status: SettlementStatus; outcome: string };

export const OUTCOME_NAMES: Record<SettlementStatus, string> = {
  [SETTLEMENT.PENDING]: "Pending",
  [SETTLEMENT.WON]: "Won",
  [SETTLEMENT.LOST]: "Lost",
  [SETTLEMENT.VOID]: "Void",
  [SETTLEMENT.HALF_WON]: "Half Won",
  [SETTLEMENT.HALF_LOST]: "Half Lost",
};

export function settlement(status: SettlementStatus): Settlement {
  return { status, outcome: OUTCOME_NAMES[status] };
}

export const PENDING: Settlement = settlement(SETTLEMENT.PENDING);

/** What settleOdd reads from an odd (an Odd or a bet-builder selection). */
export type SettleableOdd = { market_id: number; label_id: number; line: number };

export function settleOdd(odd: SettleableOdd, final: FinalScore): Settlement {
  const { homeGoals: home, awayGoals: away } = final;
  switch (odd.market_id) {
    case MARKETS.FULLTIME_RESULT.id:
      return byResult(odd, home, away);
    case MARKETS.HALF_TIME_RESULT.id:
      return byResult(odd, final.htHome, final.htAway);
    case MARKETS.OVER_UNDER.id:
      return overUnder(odd, home + away);
    case MARKETS.BOTH_TEAMS_TO_SCORE.id: {
      const both = home > 0 && away > 0;
      if (odd.label_id === LABELS.YES.id) return won(both);
      if (odd.label_id === LABELS.NO.id) return won(!both);
      break;
    }
    case MARKETS.DOUBLE_CHANCE.id: {
      if (odd.label_id === LABELS.HOME_OR_DRAW.id) return won(home >= away);
      if (odd.label_id === LABELS.HOME_OR_AWAY.id) return won(home !== away);
      if (odd.label_id === LABELS.DRAW_OR_AWAY.id) return won(home <= away);
      break;
    }
  }
  throw new Error(`No settlement rule for market ${odd.market_id} label ${odd.label_id}`);
}

function byResult(odd: SettleableOdd, home: number, away: number): Settlement {
  if (odd.label_id === LABELS.HOME.id) return won(home > away);
  if (odd.label_id === LABELS.DRAW.id) return won(home === away);
  if (odd.label_id === LABELS.AWAY.id) return won(home < away);
  throw new Error(`No settlement rule for market ${odd.market_id} label ${odd.label_id}`);
}

/**
 * Over/under on total goals; a whole line hit exactly is a push (void), quarter lines
 * (2.25, 2.75) split the stake over the two neighbouring half and whole lines.
 */
function overUnder(odd: SettleableOdd, total: number): Settlement {
  const over = odd.label_id === LABELS.OVER.id;
  if (!over && odd.label_id !== LABELS.UNDER.id) {
    throw new Error(`No settlement rule for market ${odd.market_id} label ${odd.label_id}`);
  }
  const quarter = Math.round((odd.line * 4) % 2) === 1;
  if (!quarter) return settlement(lineResult(odd.line, total, over));
  const low = lineResult(odd.line - 0.25, total, over);
  const high = lineResult(odd.line + 0.25, total, over);
  if (low === high) return settlement(low);
  const halves = [low, high];
  return settlement(halves.includes(SETTLEMENT.WON) ? SETTLEMENT.HALF_WON : SETTLEMENT.HALF_LOST);
}

function lineResult(line: number, total: number, over: boolean): SettlementStatus {
  if (total === line) return SETTLEMENT.VOID;
  return over === total > line ? SETTLEMENT.WON : SETTLEMENT.LOST;
}

function won(condition: boolean): Settlement {
  return settlement(condition ? SETTLEMENT.WON : SETTLEMENT.LOST);
}
