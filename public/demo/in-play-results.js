// The answer of GET /fixtures/backtest/in-play drawn: how often the rule fired and when, what
// followed its first fire (each outcome's hits, strike rate and fair odds), the minute of the first
// fire as a small histogram, and the leagues where it fired most.

import { element } from "/demo/dom.js";
import { figureList, orDash, percent, svgCanvas, textTable } from "/demo/result-parts.js";

// The outcomes in plain words; goals count from the first fire to 90 minutes, results at 90 minutes.
const OUTCOME_TEXT = {
  goal_after: "A goal after", home_goal_after: "A home goal after", away_goal_after: "An away goal after", no_goal_after: "No goal after",
  home_win: "Home win", draw: "Draw", away_win: "Away win",
  over_0_5: "Over 0.5 goals", over_1_5: "Over 1.5 goals", over_2_5: "Over 2.5 goals", over_3_5: "Over 3.5 goals", over_4_5: "Over 4.5 goals",
  btts: "Both teams scored",
};
// `base`: the baseline's y; room above the bars for their counts, below for the minute labels.
const HISTOGRAM = { width: 480, height: 140, top: 18, base: 116, side: 6, gap: 6 };
const LABEL_EVERY = 3;
const TOP_LEAGUES = 8;

export function inPlayResult({ in_play, outcomes, by_minute, by_league }) {
  const figures = figureList([
    ["Fixtures", in_play.fixtures], ["Fired", in_play.fired], ["Mean first minute", orDash(in_play.first_minute_average)],
  ]);
  const rows = outcomes.map(({ outcome, hits, strike_rate, fair_odds }) => [OUTCOME_TEXT[outcome] ?? outcome, hits, percent(strike_rate), fair_odds === null ? "–" : fair_odds.toFixed(2)]);
  const what = element("div");
  what.append(
    textTable("bt-counts bt-outcomes", "What followed the first fire", rows, ["Outcome", "Hits", "Strike rate", "Fair odds"]),
    element("p", "hint", {}, "Goals from the first fire to 90 minutes, results at 90 minutes; strike rate = hits / fired, fair odds = fired / hits."),
  );
  const when = element("div");
  when.append(histogram(by_minute));
  const leagues = [...by_league]
    .sort((a, b) => b.fired - a.fired)
    .slice(0, TOP_LEAGUES)
    .map((league) => [league.league.name, league.fired, percent(league.hits.goal_after / league.fired)]);
  if (leagues.length > 0) when.append(textTable("bt-counts bt-fired-leagues", "Top leagues by fired", leagues, ["League", "Fired", "A goal after"]));
  const columns = element("div", "bt-columns");
  columns.append(what, when);
  return [figures, columns];
}

/** The minute of the first fire, one bar per 5 minutes (1-5 ... 86-90), its count above it, a label every few bars. */
function histogram(buckets) {
  const { width, top, base, side, gap } = HISTOGRAM;
  const { svg, add } = svgCanvas("bt-minutes", "Fixtures by the minute of the first fire, 5 minutes a bar", HISTOGRAM);
  const most = Math.max(1, ...buckets.map((bucket) => bucket.fired));
  const slot = (width - 2 * side) / buckets.length;
  add("line", { x1: side, x2: width - side, y1: base, y2: base, class: "base" });
  buckets.forEach((bucket, i) => {
    const height = (bucket.fired * (base - top)) / most;
    const middle = side + slot * i + slot / 2;
    const bar = add("rect", { x: side + slot * i + gap / 2, y: base - height, width: slot - gap, height, class: "bar", "data-fired": bucket.fired });
    add("title", {}, `Minutes ${bucket.from}-${bucket.to}: ${bucket.fired} fired`, bar);
    if (bucket.fired > 0) add("text", { x: middle, y: base - height - 4, "text-anchor": "middle", class: "count" }, String(bucket.fired));
    if (i % LABEL_EVERY === 0 || i === buckets.length - 1) add("text", { x: middle, y: base + 16, "text-anchor": "middle" }, `${bucket.from}-${bucket.to}`);
  });
  const figure = element("figure", "bt-histogram");
  figure.append(element("figcaption", "", {}, "Minute of the first fire"), svg);
  return figure;
}
