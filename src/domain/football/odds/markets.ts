/**
 * The bookmakers, markets, labels and selections the modelled odds use. Ids are part of the API
 * (filter[odds]=bookmakers:..;markets:..) and must never be renumbered.
 *
 * Bookmakers (fictional): ids 1-5, each with its margin (overround, 4-8%) and `bias`, an
 * exponent on its probabilities: above 1 it shades favourites (shorter favourite prices, longer
 * outsiders), below 1 it does the opposite (the favourite-longshot bias).
 *
 * Markets: 1 Fulltime Result, 2 Over/Under (lines 1.5, 2.5, 3.5), 3 Both Teams To Score,
 * 4 Double Chance, 5 Half Time Result.
 * Labels (ids shared across markets): 1 Home, 2 Draw, 3 Away, 4 Over, 5 Under, 6 Yes, 7 No,
 * 8 1X, 9 12, 10 X2.
 * Every selection has a `slot` 0-9, unique within its market, that odd ids are built from.
 */
import { GOAL_LINES, type GoalLine, type MatchProbabilities } from "../model/poisson.js";

export type Bookmaker = { id: number; name: string; margin: number; bias: number };

export const BOOKMAKERS: readonly Bookmaker[] = [
  { id: 1, name: "Northgate Bet", margin: 0.045, bias: 1.0 },
  { id: 2, name: "Bluefield Sports", margin: 0.055, bias: 1.02 },
  { id: 3, name: "Meridian Odds", margin: 0.06, bias: 0.98 },
  { id: 4, name: "Harbourline", margin: 0.07, bias: 1.03 },
  { id: 5, name: "Crestwood Wagers", margin: 0.08, bias: 0.97 },
];

export const LABELS = {
  HOME: { id: 1, name: "Home" },
  DRAW: { id: 2, name: "Draw" },
  AWAY: { id: 3, name: "Away" },
  OVER: { id: 4, name: "Over" },
  UNDER: { id: 5, name: "Under" },
  YES: { id: 6, name: "Yes" },
  NO: { id: 7, name: "No" },
  HOME_OR_DRAW: { id: 8, name: "1X" },
  HOME_OR_AWAY: { id: 9, name: "12" },
  DRAW_OR_AWAY: { id: 10, name: "X2" },
} as const;

export type Label = { id: number; name: string };

export type Market = {
  id: number;
  name: string;
  description: string;
  /** Selections of this market may be combined in bet builders. */
  isBetBuilder: boolean;
  /** Also offered in play (is_live 1). */
  live: boolean;
};

export const MARKETS = {
  FULLTIME_RESULT: {
    id: 1,
    name: "Fulltime Result",
    description: "The result after 90 minutes plus stoppage time; extra time and penalties do not count.",
    isBetBuilder: true,
    live: true,
  },
  OVER_UNDER: {
    id: 2,
    name: "Over/Under",
    description: "Total goals of both teams after 90 minutes, over or under the line.",
    isBetBuilder: true,
    live: true,
  },
  BOTH_TEAMS_TO_SCORE: {
    id: 3,
    name: "Both Teams To Score",
    description: "Whether both teams score at least one goal in the 90 minutes.",
    isBetBuilder: true,
    live: true,
  },
  DOUBLE_CHANCE: {
    id: 4,
    name: "Double Chance",
    description: "Two of the three full-time results in one bet: 1X home or draw, 12 either team wins, X2 draw or away.",
    isBetBuilder: true,
    live: false,
  },
  HALF_TIME_RESULT: {
    id: 5,
    name: "Half Time Result",
    description: "The result at half time (first half only).",
    isBetBuilder: false,
    live: false,
  },
} as const satisfies Record<string, Market>;

export type Selection = {
  market: Market;
  label: Label;
  line: number;
  handicap: number;
  slot: number;
  /** The selection's probability under a set of market probabilities. */
  probability: (p: MatchProbabilities) => number;
};

function lineSelections(): Selection[] {
  return GOAL_LINES.flatMap((line: GoalLine, index) => [
    selection(MARKETS.OVER_UNDER, LABELS.OVER, index * 2, (p) => p.overUnder[line].over, Number(line)),
    selection(MARKETS.OVER_UNDER, LABELS.UNDER, index * 2 + 1, (p) => p.overUnder[line].under, Number(line)),
  ]);
}

function selection(market: Market, label: Label, slot: number, probability: Selection["probability"], line = 0): Selection {
  return { market, label, line, handicap: 0, slot, probability };
}

/** Every selection, in market then slot order: 17 per bookmaker. */
export const SELECTIONS: readonly Selection[] = [
  selection(MARKETS.FULLTIME_RESULT, LABELS.HOME, 0, (p) => p.fullTime.home),
  selection(MARKETS.FULLTIME_RESULT, LABELS.DRAW, 1, (p) => p.fullTime.draw),
  selection(MARKETS.FULLTIME_RESULT, LABELS.AWAY, 2, (p) => p.fullTime.away),
  ...lineSelections(),
  selection(MARKETS.BOTH_TEAMS_TO_SCORE, LABELS.YES, 0, (p) => p.bothTeamsScore.yes),
  selection(MARKETS.BOTH_TEAMS_TO_SCORE, LABELS.NO, 1, (p) => p.bothTeamsScore.no),
  selection(MARKETS.DOUBLE_CHANCE, LABELS.HOME_OR_DRAW, 0, (p) => p.doubleChance.homeOrDraw),
  selection(MARKETS.DOUBLE_CHANCE, LABELS.HOME_OR_AWAY, 1, (p) => p.doubleChance.homeOrAway),
  selection(MARKETS.DOUBLE_CHANCE, LABELS.DRAW_OR_AWAY, 2, (p) => p.doubleChance.drawOrAway),
  selection(MARKETS.HALF_TIME_RESULT, LABELS.HOME, 0, (p) => p.halfTime.home),
  selection(MARKETS.HALF_TIME_RESULT, LABELS.DRAW, 1, (p) => p.halfTime.draw),
  selection(MARKETS.HALF_TIME_RESULT, LABELS.AWAY, 2, (p) => p.halfTime.away),
];

export const LIVE_SELECTIONS: readonly Selection[] = SELECTIONS.filter((s) => s.market.live);

export const ALL_MARKETS: readonly Market[] = Object.values(MARKETS);
export const ALL_LABELS: readonly Label[] = Object.values(LABELS);

export function marketById(id: number): Market | undefined {
  return ALL_MARKETS.find((market) => market.id === id);
}

/** The label's name as fair_odds show it: lined selections carry their line ("Over 2.5"). */
export function fairLabelName(s: Selection): string {
  return s.line === 0 ? s.label.name : `${s.label.name} ${s.line}`;
}
