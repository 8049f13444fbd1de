// "Test this rule on the past": the scanner's where conditions sent to GET /fixtures/backtest
// through the TypeScript client (fixturesBacktest), with a bet to back. The API judges the rule on
// pre-match metrics only: a statistic in it comes back as the API's own 400, shown as it is.

import { element } from "/demo/dom.js";

// The catalogue's selections (market, label, line), as odds and /fixtures/backtest name them.
const BETS = [
  ["1:1", "Fulltime Result: Home"], ["1:2", "Fulltime Result: Draw"], ["1:3", "Fulltime Result: Away"],
  ["2:4:1.5", "Over 1.5 goals"], ["2:5:1.5", "Under 1.5 goals"], ["2:4:2.5", "Over 2.5 goals"],
  ["2:5:2.5", "Under 2.5 goals"], ["2:4:3.5", "Over 3.5 goals"], ["2:5:3.5", "Under 3.5 goals"],
  ["3:6", "Both teams score: Yes"], ["3:7", "Both teams score: No"],
  ["4:8", "Double chance 1X"], ["4:9", "Double chance 12"], ["4:10", "Double chance X2"],
  ["5:1", "Half time: Home"], ["5:2", "Half time: Draw"], ["5:3", "Half time: Away"],
];
const PRICES = [["", "Best starting price"], ["1", "Northgate Bet"], ["2", "Bluefield Sports"], ["3", "Meridian Odds"], ["4", "Harbourline"], ["5", "Crestwood Wagers"]];
// `gutter`: room left of the plot for the high and low labels, so the curve never runs under them.
const CHART = { width: 640, height: 160, pad: 28, gutter: 64 };

export class BacktestPanel {
  /** `rule()`: the scanner's where, as the client's typed values; `client()`: a client for the key typed in. */
  constructor(root, { rule, client, failureText }) {
    Object.assign(this, { root, rule, client, failureText });
    this.bet = select(BETS, "bt-bet");
    this.price = select(PRICES, "bt-price");
    this.start = element("input", "bt-start", { type: "date" });
    this.end = element("input", "bt-end", { type: "date" });
    this.run = element("button", "", { type: "button", id: "bt-run" }, "Test on the past");
    this.status = element("p", "status", { role: "status", "aria-live": "polite" });
    this.result = element("div", "bt-result", { hidden: "" });
    const row = element("div", "row");
    row.append(labelled("Back", this.bet), labelled("Price", this.price), labelled("From (default 365 days ago)", this.start), labelled("To (default today)", this.end), this.run);
    root.append(row, this.status, this.result);
    this.run.addEventListener("click", () => this.test());
  }

  async test() {
    const [market_id, label_id, line] = this.bet.value.split(":");
    const params = {
      market_id: Number(market_id),
      label_id: Number(label_id),
      ...(line ? { line } : {}),
      ...(this.price.value ? { bookmaker_id: Number(this.price.value) } : {}),
      ...(this.start.value ? { start_date: this.start.value } : {}),
      ...(this.end.value ? { end_date: this.end.value } : {}),
      ...this.rule(),
    };
    this.run.disabled = true;
    this.say("Testing…");
    try {
      this.show(await this.client().fixturesBacktest(params));
      this.say("");
    } catch (error) {
      this.result.hidden = true;
      this.say(this.failureText(error), true);
    } finally {
      this.run.disabled = false;
    }
  }

  show({ backtest, by_league, by_month }) {
    const figures = [
      ["Fixtures", backtest.fixtures], ["Bets", backtest.bets], ["Won", backtest.won], ["Lost", backtest.lost],
      ["Hit rate", percent(backtest.hit_rate)], ["Average odds", backtest.average_odds ?? "–"], ["Fair odds", backtest.fair_odds ?? "–"],
      ["Profit", units(backtest.profit)], ["ROI", percent(backtest.roi)], ["Max drawdown", units(-backtest.max_drawdown)],
    ];
    const list = element("dl", "bt-figures");
    for (const [name, value] of figures) {
      const item = element("div");
      item.append(element("dt", "", {}, name), element("dd", "", {}, String(value)));
      list.append(item);
    }
    const leagues = element("table", "bt-leagues");
    leagues.append(element("caption", "", {}, "By league"));
    for (const league of [...by_league].sort((a, b) => b.bets - a.bets).slice(0, 8)) {
      const tr = element("tr");
      tr.append(element("td", "", {}, league.league.name), element("td", "", {}, `${league.bets} bets`), element("td", "", {}, units(league.profit)), element("td", "", {}, percent(league.roi)));
      leagues.append(tr);
    }
    this.result.replaceChildren(list, curve(by_month), leagues);
    this.result.hidden = false;
  }

  say(message, isError = false) {
    this.status.textContent = message;
    this.status.classList.toggle("error", isError);
  }
}

/** The cumulative profit month by month as a small SVG line, the zero line dashed. */
function curve(months) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  const { width, height, pad, gutter } = CHART;
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "bt-curve");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "Cumulative profit by month");
  const values = [0, ...months.map((month) => month.cumulative_profit)];
  const [low, high] = [Math.min(...values), Math.max(...values)];
  const span = high - low || 1;
  const x = (i) => gutter + (i * (width - gutter - pad)) / Math.max(values.length - 1, 1);
  const y = (value) => height - pad - ((value - low) * (height - 2 * pad)) / span;
  const add = (tag, attributes, text) => {
    const node = document.createElementNS(ns, tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
  };
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

function select(options, className) {
  const node = element("select", className);
  for (const [value, text] of options) node.append(element("option", "", { value }, text));
  return node;
}

function labelled(text, control) {
  const label = element("label", "", {}, text);
  label.append(control);
  return label;
}

const percent = (ratio) => (ratio === null ? "–" : `${(ratio * 100).toFixed(1)}%`);
const units = (value) => `${value > 0 ? "+" : ""}${value.toFixed(2)} u`;
