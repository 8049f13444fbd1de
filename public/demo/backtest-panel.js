// "Test this rule on the past": the scanner's where conditions sent through the TypeScript client,
// tested as a pre-match rule (fixturesBacktest: one bet at its price per matched fixture, judged on
// pre-match metrics) or as an in-play rule (fixturesBacktestInPlay: the first minute the rule held
// in each past match, and what followed). A name the chosen test cannot read comes back as the
// API's own 400, shown as it is.

import { element } from "/demo/dom.js";
import { inPlayResult } from "/demo/in-play-results.js";
import { preMatchResult } from "/demo/pre-match-results.js";

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
const MODES = [["pre-match", "Pre-match rule: back a bet at its price"], ["in-play", "In-play rule: what followed when it first held"]];

export class BacktestPanel {
  /**
   * `rule()`: the scanner's where, as the client's typed values; `namesInPlay()`: whether it names an
   * in-play value (then in-play is the default test); `client()`: a client for the key typed in.
   */
  constructor(root, { rule, namesInPlay, client, failureText }) {
    Object.assign(this, { root, rule, namesInPlay, client, failureText });
    this.chosen = false; // a mode picked by hand stays; until then it follows the rule
    this.modes = MODES.map(([value, text]) => radio("bt-mode", value, text));
    const modes = element("fieldset", "bt-modes");
    modes.append(element("legend", "", {}, "Test as"), ...this.modes.map(({ label }) => label));
    for (const { input } of this.modes) input.addEventListener("change", () => this.choose(input.value, true));
    this.bet = select(BETS, "bt-bet");
    this.price = select(PRICES, "bt-price");
    this.from = minute("bt-minute-from", "1");
    this.to = minute("bt-minute-to", "90");
    this.start = element("input", "bt-start", { type: "date" });
    this.end = element("input", "bt-end", { type: "date" });
    this.run = element("button", "", { type: "button", id: "bt-run" }, "Test on the past");
    this.status = element("p", "status", { role: "status", "aria-live": "polite" });
    this.result = element("div", "bt-result", { hidden: "" });
    this.preMatchOnly = [labelled("Back", this.bet), labelled("Price", this.price)];
    this.inPlayOnly = [labelled("From minute", this.from), labelled("To minute", this.to)];
    const row = element("div", "row");
    row.append(...this.preMatchOnly, ...this.inPlayOnly, labelled("From (default 365 days ago)", this.start), labelled("To (default today)", this.end), this.run);
    root.append(modes, row, this.status, this.result);
    this.run.addEventListener("click", () => this.test());
    this.choose("pre-match", false);
  }

  /** The rule changed: unless a mode was picked by hand, in-play when it names an in-play value, else pre-match. */
  ruleChanged() {
    if (!this.chosen) this.choose(this.namesInPlay() ? "in-play" : "pre-match", false);
  }

  choose(mode, byHand) {
    this.chosen ||= byHand;
    if (mode !== this.mode) this.result.hidden = true; // a shown result answers the other test
    this.mode = mode;
    for (const { input } of this.modes) input.checked = input.value === mode;
    for (const label of this.preMatchOnly) label.hidden = mode !== "pre-match";
    for (const label of this.inPlayOnly) label.hidden = mode !== "in-play";
  }

  /** The parameters of the chosen test: the days and the rule, with the bet or the minutes. */
  params() {
    const days = { ...(this.start.value ? { start_date: this.start.value } : {}), ...(this.end.value ? { end_date: this.end.value } : {}) };
    if (this.mode === "in-play") {
      const minutes = { ...(this.from.value ? { minute_from: Number(this.from.value) } : {}), ...(this.to.value ? { minute_to: Number(this.to.value) } : {}) };
      return { ...minutes, ...days, ...this.rule() };
    }
    const [market_id, label_id, line] = this.bet.value.split(":");
    const bet = { market_id: Number(market_id), label_id: Number(label_id), ...(line ? { line } : {}) };
    return { ...bet, ...(this.price.value ? { bookmaker_id: Number(this.price.value) } : {}), ...days, ...this.rule() };
  }

  async test() {
    const mode = this.mode;
    const params = this.params();
    this.run.disabled = true;
    this.say("Testing…");
    try {
      const client = this.client();
      const nodes = mode === "in-play" ? inPlayResult(await client.fixturesBacktestInPlay(params)) : preMatchResult(await client.fixturesBacktest(params));
      this.result.replaceChildren(...nodes);
      this.result.dataset.mode = mode;
      this.result.hidden = false;
      this.say("");
    } catch (error) {
      this.result.hidden = true;
      this.say(this.failureText(error), true);
    } finally {
      this.run.disabled = false;
    }
  }

  say(message, isError = false) {
    this.status.textContent = message;
    this.status.classList.toggle("error", isError);
  }
}

function select(options, className) {
  const node = element("select", className);
  for (const [value, text] of options) node.append(element("option", "", { value }, text));
  return node;
}

/** A minute 1-90; empty is the API's default (`placeholder`). */
function minute(className, placeholder) {
  return element("input", className, { type: "number", min: "1", max: "90", step: "1", inputmode: "numeric", placeholder });
}

function radio(name, value, text) {
  const input = element("input", "", { type: "radio", name, value });
  const label = element("label");
  label.append(input, ` ${text}`);
  return { input, label };
}

function labelled(text, control) {
  const label = element("label", "", {}, text);
  label.append(control);
  return label;
}
