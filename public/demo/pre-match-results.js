// The answer of GET /fixtures/backtest drawn: the figures, the cumulative profit month by month as
// a small curve, and the leagues with the most bets.

import { figureList, orDash, percent, svgCanvas, textTable, units } from "/demo/result-parts.js";

// `gutter`: room left of the plot for the high and low labels, so the curve never runs under them.
const CHART = { width: 640, height: 160, pad: 28, gutter: 64 };
const TOP_LEAGUES = 8;

export function preMatchResult({ backtest, by_league, by_month }) {
  const figures = figureList([
    ["Fixtures", backtest.fixtures], ["Bets", backtest.bets], ["Won", backtest.won], ["Lost", backtest.lost],
    ["Hit rate", percent(backtest.hit_rate)], ["Average odds", orDash(backtest.average_odds)], ["Fair odds", orDash(backtest.fair_odds)],
    ["Profit", units(backtest.profit)], ["ROI", percent(backtest.roi)], ["Max drawdown", units(-backtest.max_drawdown)],
  ]);
  const leagues = [...by_league]
    .sort((a, b) => b.bets - a.bets)
    .slice(0, TOP_LEAGUES)
    .map((league) => [league.league.name, `${league.bets} bets`, units(league.profit), percent(league.roi)]);
  return [figures, curve(by_month), textTable("bt-leagues", "By league", leagues)];
}

/** The cumulative profit month by month as a small SVG line, the zero line dashed. */
function curve(months) {
  const { width, height, pad, gutter } = CHART;
  const { svg, add } = svgCanvas("bt-curve", "Cumulative profit by month", CHART);
  const values = [0, ...months.map((month) => month.cumulative_profit)];
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const span = high - low || 1;
  const x = (i) => gutter + (i * (width - gutter - pad)) / Math.max(values.length - 1, 1);
  const y = (value) => height - pad - ((value - low) * (height - 2 * pad)) / span;
  add("line", { x1: gutter, x2: width - pad, y1: y(0), y2: y(0), class: "zero" });
  add("polyline", { points: values.map((value, i) => `${x(i)},${y(value)}`).join(" "), class: values[values.length - 1] >= 0 ? "up" : "down" });
  add("text", { x: 2, y: y(high) + 4 }, units(high));
  add("text", { x: 2, y: y(low) + 4 }, units(low));
  if (months.length > 0) {
    add("text", { x: gutter, y: height - 6 }, months[0].month);
    add("text", { x: width - pad, y: height - 6, "text-anchor": "end" }, months[months.length - 1].month);
  }
  return svg;
}
