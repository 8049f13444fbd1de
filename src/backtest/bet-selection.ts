import { BadRequestError } from "../http/errors.js";
import { ALL_MARKETS, MARKETS, SELECTIONS, type Selection } from "../domain/football/odds/markets.js";
import { GOAL_LINES } from "../domain/football/model/poisson.js";

const MARKET_LIST = ALL_MARKETS.map((market) => `${market.id} (${market.name})`).join(", ");
const LINED_MARKET = `${MARKETS.OVER_UNDER.id} (${MARKETS.OVER_UNDER.name})`;
const LINES = GOAL_LINES.join(", ");

/**
 * The catalogue selection market_id, label_id and line name, or a 400 that names the parameter and
 * the rule. `line` belongs to Over/Under only, and there it is required: a backtest backs one price.
 */
export function betSelection(marketId: number | undefined, labelId: number | undefined, line: string | undefined): Selection {
  if (marketId === undefined) throw new BadRequestError(`market_id is required: the market to back, one of ${MARKET_LIST}`);
  const ofMarket = SELECTIONS.filter((selection) => selection.market.id === marketId);
  if (ofMarket.length === 0) throw new BadRequestError(`market_id must be one of ${MARKET_LIST}`);
  const labels = [...new Set(ofMarket.map((selection) => `${selection.label.id} (${selection.label.name})`))].join(", ");
  if (labelId === undefined) throw new BadRequestError(`label_id is required: the selection to back, for market_id ${marketId} one of ${labels}`);
  const lined = ofMarket.some((selection) => selection.line !== 0);
  if (lined && line === undefined) throw new BadRequestError(`line is required for market_id ${LINED_MARKET}: one of ${LINES}`);
  if (!lined && line !== undefined) throw new BadRequestError(`line applies only to market_id ${LINED_MARKET}`);
  if (line !== undefined && !(GOAL_LINES as readonly string[]).includes(line)) throw new BadRequestError(`line must be one of ${LINES}`);
  const wanted = line === undefined ? 0 : Number(line);
  const found = ofMarket.find((selection) => selection.label.id === labelId && selection.line === wanted);
  if (!found) throw new BadRequestError(`label_id must be a label of market_id ${marketId}: one of ${labels}`);
  return found;
}
