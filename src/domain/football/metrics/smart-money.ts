/**
 * Smart-money metrics (SMART_MONEY_TYPES, ids 200-205), match level (team_id 0, "league").
 *
 * Sharp money goes where the model sees value against the market and where prices have been
 * shortening. The market view is the bookmakers' pre-match implied probabilities without their
 * margin, averaged over bookmakers; the model's edge is model minus market.
 * - 200-202: shares of smart money on home/draw/away, percents summing to 100:
 *   market share + 2.5 x edge + 0.5 x the price drop since opening + noise.
 * - 203: share on over 2.5 goals (the rest is on under), likewise from that market.
 * - 204, 205: drop of the home / away price since opening, averaged over bookmakers, percent x100
 *   (negative when the price drifted out).
 */
import { SMART_MONEY_TYPES } from "../../types/match-types.js";
import type { MetricEntry, Movement, Odd } from "../../fixture-parts.js";
import type { MatchProbabilities } from "../model/poisson.js";
import { LABELS, MARKETS } from "../odds/markets.js";
import type { Random } from "../random.js";
import { percent, percents } from "./percent.js";

export type SmartMoneyInput = {
  /** The model's pre-match probabilities. */
  probabilities: MatchProbabilities;
  /** The fixture's odds (pre-match ones are used); empty means the market agrees with the model. */
  odds: readonly Odd[];
  movement: readonly Movement[];
};

const EDGE_WEIGHT = 2.5;
const DROP_WEIGHT = 0.5;

const TYPE_IDS = new Map(SMART_MONEY_TYPES.map((type) => [type.developer_name, type.type_id]));

export function smartMoneyMetrics(input: SmartMoneyInput, random: Random): MetricEntry[] {
  const model = input.probabilities;
  const result = marketView(input.odds, MARKETS.FULLTIME_RESULT.id, [LABELS.HOME.id, LABELS.DRAW.id, LABELS.AWAY.id], 0) ?? [
    model.fullTime.home,
    model.fullTime.draw,
    model.fullTime.away,
  ];
  const goals = marketView(input.odds, MARKETS.OVER_UNDER.id, [LABELS.OVER.id, LABELS.UNDER.id], 2.5) ?? [
    model.overUnder["2.5"].over,
    model.overUnder["2.5"].under,
  ];
  const homeDrop = priceDrop(input.movement, LABELS.HOME.id);
  const awayDrop = priceDrop(input.movement, LABELS.AWAY.id);
  const drops = [homeDrop, 0, awayDrop];
  const modelResult = [model.fullTime.home, model.fullTime.draw, model.fullTime.away];
  const shares = result.map((market, i) =>
    Math.max(
      0.02,
      market + EDGE_WEIGHT * ((modelResult[i] ?? 0) - market) + DROP_WEIGHT * (drops[i] ?? 0) + random.normal(0, 0.03),
    ),
  );
  const [home = 0, draw = 0, away = 0] = percents(shares);
  const marketOver = goals[0] ?? 0.5;
  const over = marketOver + EDGE_WEIGHT * (model.overUnder["2.5"].over - marketOver) + random.normal(0, 0.04);
  return [
    entry("SMART_MONEY_HOME_PERCENT", home),
    entry("SMART_MONEY_DRAW_PERCENT", draw),
    entry("SMART_MONEY_AWAY_PERCENT", away),
    entry("SMART_MONEY_OVER_2_5_PERCENT", percent(Math.min(0.98, Math.max(0.02, over)))),
    entry("SMART_MONEY_HOME_ODDS_DROP", Math.round(homeDrop * 10_000)),
    entry("SMART_MONEY_AWAY_ODDS_DROP", Math.round(awayDrop * 10_000)),
  ];
}

/**
 * The market's probabilities for one partition: per bookmaker 1/price normalized (margin
 * removed), averaged over the bookmakers that price every label; undefined when none does.
 */
export function marketView(odds: readonly Odd[], marketId: number, labelIds: number[], line: number): number[] | undefined {
  const byBookmaker = new Map<number, Map<number, number>>();
  for (const odd of odds) {
    if (odd.is_live !== 0 || odd.market_id !== marketId || odd.line !== line) continue;
    const book = byBookmaker.get(odd.bookmaker_id) ?? new Map<number, number>();
    book.set(odd.label_id, 1 / odd.value);
    byBookmaker.set(odd.bookmaker_id, book);
  }
  const views: number[][] = [];
  for (const book of byBookmaker.values()) {
    const implied = labelIds.map((id) => book.get(id));
    if (implied.some((v) => v === undefined)) continue;
    const total = implied.reduce<number>((sum, v) => sum + (v ?? 0), 0);
    views.push(implied.map((v) => (v ?? 0) / total));
  }
  if (views.length === 0) return undefined;
  return labelIds.map((_, i) => views.reduce((sum, view) => sum + (view[i] ?? 0), 0) / views.length);
}

/** Mean relative drop (opening - now) / opening of the full-time-result label's price. */
export function priceDrop(movement: readonly Movement[], labelId: number): number {
  const drops = movement
    .filter((m) => m.market_id === MARKETS.FULLTIME_RESULT.id && m.label_id === labelId && m.history.length > 0)
    .map((m) => {
      const first = m.history[0]?.value ?? 1;
      const last = m.history[m.history.length - 1]?.value ?? first;
      return (first - last) / first;
    });
  return drops.length === 0 ? 0 : drops.reduce((sum, d) => sum + d, 0) / drops.length;
}

function entry(developerName: string, value: number): MetricEntry {
  const typeId = TYPE_IDS.get(developerName);
  if (typeId === undefined) throw new Error(`Unknown smart-money type ${developerName}`);
  return { team_id: 0, type_id: typeId, developer_name: developerName, value, location: "league", group: "smart_money" };
}
