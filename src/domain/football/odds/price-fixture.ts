/**
 * Modelled odds, fair odds and odds movement of one fixture, deterministic per seed.
 *
 * The market's closing view is the model's probabilities perturbed once per fixture (the
 * market disagrees with the model a little, which is what smart money feeds on); its opening
 * view is perturbed again. Each bookmaker sees both with a small noise of its own and its bias,
 * and prices every selection as 1 / (q x (1 + margin)), rounded to 2 decimals, at least 1.01.
 *
 * - Pre-match odds (is_live 0): every bookmaker x selection (5 x 17 = 85). Before kick-off the
 *   price is the latest scheduled update at `nowUnix` and `sp` equals it (it becomes the starting
 *   price at kick-off); once the match has started, value = sp = the closing price.
 * - Live odds (is_live 1, state "live" only): markets 1-3 (5 x 11 = 55) priced from the score
 *   and the time left; sp is the price when first offered in play (0-0 at minute 0); decided
 *   selections and a random 5-10% are suspended. home_score/away_score: the score now.
 * - Finished: the pre-match odds settled on `final` (status/outcome).
 * - fair_odds: the model's probabilities (model_id 1), 17 entries.
 * - movement: one history per pre-match odd, oldest first, ending at its value (= sp).
 */
import type { FairOdd, Movement, Odd } from "../../fixture-parts.js";
import type { GoalMeans, MatchProbabilities } from "../model/poisson.js";
import { Random } from "../random.js";
import { fromBook, perturb, priceOf, round, toBook, withBias } from "./book.js";
import { BOOKMAKERS, fairLabelName, LIVE_SELECTIONS, SELECTIONS, type Bookmaker, type Selection } from "./markets.js";
import { liveProbabilities, type LiveState } from "./live.js";
import { priceSchedule, type PricePoint } from "./price-schedule.js";
import { oddId } from "./odd-id.js";
import { PENDING, settleOdd, type FinalScore, type Settlement } from "./settlement.js";

export type FixtureState = "pre" | "live" | "finished";

export type PriceFixtureInput = {
  /** Seed of this fixture's odds stream, for example `odds:<fixture id>`. */
  seed: string;
  fixtureId: number;
  kickoffUnix: number;
  nowUnix: number;
  /** The model's pre-match probabilities and goal means (StrengthModel.preMatch). */
  probabilities: MatchProbabilities;
  expectedGoals: GoalMeans;
  state: FixtureState;
  /** Required when state is "live". */
  live?: LiveState;
  /** Required when state is "finished": the 90-minute and half-time score. */
  final?: FinalScore;
};

export type PricedFixture = { odds: Odd[]; fairOdds: FairOdd[]; movement: Movement[] };

export const FAIR_ODDS_MODEL_ID = 1;
/** Bookmakers add this to their margin in play. */
export const LIVE_EXTRA_MARGIN = 0.01;

/** Market-wide disagreement with the model at the close, and the opening's extra spread. */
const CLOSING_SD = 0.06;
const OPENING_SD = 0.08;
const BOOKMAKER_SD = 0.02;

export function priceFixture(input: PriceFixtureInput): PricedFixture {
  if (input.state === "live" && !input.live) throw new Error("priceFixture: state live needs `live`");
  if (input.state === "finished" && !input.final) throw new Error("priceFixture: state finished needs `final`");

  const market = new Random(`${input.seed}:market`);
  const closing = perturb(toBook(input.probabilities), market, CLOSING_SD);
  const opening = perturb(closing, market, OPENING_SD);

  const odds: Odd[] = [];
  const movement: Movement[] = [];
  for (const bookmaker of BOOKMAKERS) {
    const random = new Random(`${input.seed}:bookmaker:${bookmaker.id}`);
    const bookClosing = withBias(perturb(closing, random, BOOKMAKER_SD), bookmaker.bias);
    const bookOpening = withBias(perturb(opening, random, BOOKMAKER_SD), bookmaker.bias);
    const points = visiblePoints(priceSchedule(random, input.kickoffUnix, bookOpening, bookClosing), input);
    const views = points.map((point) => fromBook(point.book));
    for (const selection of SELECTIONS) {
      const history = points.map((point, i) => ({
        value: priceOf(selection.probability(views[i] as MatchProbabilities), bookmaker.margin),
        timestamp: point.timestamp,
      }));
      const last = history[history.length - 1] as { value: number; timestamp: number };
      const odd = buildOdd(input, bookmaker, selection, 0, {
        value: last.value,
        sp: last.value,
        lastUpdate: last.timestamp,
        suspend: 0,
        score: { home: 0, away: 0 },
      });
      odds.push(odd);
      movement.push({
        odd_id: odd.odd_id,
        bookmaker_id: bookmaker.id,
        market_id: selection.market.id,
        label_id: selection.label.id,
        history,
      });
    }
  }
  if (input.state === "live" && input.live) odds.push(...liveOdds(input, input.live));
  return { odds, fairOdds: fairOdds(input), movement };
}

/**
 * Before kick-off only the updates made by now exist; when the schedule has not opened yet the
 * opening price is shown as of now.
 */
function visiblePoints(schedule: PricePoint[], input: PriceFixtureInput): PricePoint[] {
  if (input.state !== "pre") return schedule;
  const past = schedule.filter((point) => point.timestamp <= input.nowUnix);
  if (past.length > 0) return past;
  const first = schedule[0] as PricePoint;
  return [{ timestamp: input.nowUnix, book: first.book }];
}

function liveOdds(input: PriceFixtureInput, live: LiveState): Odd[] {
  const random = new Random(`${input.seed}:live:${live.minute}:${live.homeGoals}-${live.awayGoals}`);
  const share = live.suspendedShare ?? 0.05 + random.next() * 0.05;
  const now = liveProbabilities(input.expectedGoals, live, input.probabilities.halfTime);
  const start = liveProbabilities(input.expectedGoals, { minute: 0, homeGoals: 0, awayGoals: 0 }, input.probabilities.halfTime);
  const [nowBook, startBook] = [toBook(now), toBook(start)];
  const odds: Odd[] = [];
  for (const bookmaker of BOOKMAKERS) {
    const margin = bookmaker.margin + LIVE_EXTRA_MARGIN;
    const view = fromBook(withBias(nowBook, bookmaker.bias));
    const startView = fromBook(withBias(startBook, bookmaker.bias));
    for (const selection of LIVE_SELECTIONS) {
      const atRandom = random.chance(share);
      const p = selection.probability(now);
      const decided = p < 0.005 || p > 0.995;
      odds.push(
        buildOdd(input, bookmaker, selection, 1, {
          value: priceOf(selection.probability(view), margin),
          sp: priceOf(selection.probability(startView), margin),
          lastUpdate: input.nowUnix,
          suspend: atRandom || decided ? 1 : 0,
          score: { home: live.homeGoals, away: live.awayGoals },
        }),
      );
    }
  }
  return odds;
}

type Price = { value: number; sp: number; lastUpdate: number; suspend: 0 | 1; score: { home: number; away: number } };

function buildOdd(input: PriceFixtureInput, bookmaker: Bookmaker, selection: Selection, isLive: 0 | 1, price: Price): Odd {
  const { market, label, line, handicap, slot } = selection;
  const id = oddId({ fixtureId: input.fixtureId, isLive, bookmakerId: bookmaker.id, marketId: market.id, slot });
  const partial = { market_id: market.id, label_id: label.id, line };
  const settled: Settlement = input.state === "finished" && input.final ? settleOdd(partial, input.final) : PENDING;
  return {
    odd_id: id,
    fixture_id: input.fixtureId,
    market_id: market.id,
    bookmaker_id: bookmaker.id,
    is_live: isLive,
    label_id: label.id,
    value: price.value,
    handicap,
    line,
    last_update: price.lastUpdate,
    suspend: price.suspend,
    sp: price.sp,
    home_score: price.score.home,
    away_score: price.score.away,
    status: settled.status,
    raw: {
      event_id: String(input.fixtureId),
      market_id: line === 0 ? `${input.fixtureId}-${market.id}` : `${input.fixtureId}-${market.id}-${line}`,
      selection_id: String(id),
      is_betbuilder: market.isBetBuilder,
      market_type_id: String(market.id),
      selection_type_id: label.id,
    },
    outcome: settled.outcome,
    market_description: market.description,
    market_name: market.name,
    label_name: label.name,
  };
}

function fairOdds(input: PriceFixtureInput): FairOdd[] {
  const updatedAt = new Date(Math.min(input.nowUnix, input.kickoffUnix) * 1000).toISOString();
  return SELECTIONS.map((selection) => {
    const probability = round(Math.min(0.9999, Math.max(0.0001, selection.probability(input.probabilities))), 4);
    return fairOddOf(selection, probability, FAIR_ODDS_MODEL_ID, updatedAt);
  });
}

/** One fair-odds entry: everything but the probability follows from the selection (also used to unpack stored ones). */
export function fairOddOf(selection: Selection, probability: number, modelId: number, updatedAt: string): FairOdd {
  return {
    market_id: selection.market.id,
    market_name: selection.market.name,
    label_id: selection.label.id,
    label_name: fairLabelName(selection),
    probability,
    fair_value: round(1 / probability, 2),
    model_id: modelId,
    updated_at: updatedAt,
  };
}
