import type { MetricEntry, Odd } from "../fixture-parts.js";
import { LABELS, MARKETS } from "../football/odds/markets.js";
import { CONTENT_LANGUAGES, type BetBuilderDocument, type ContentLanguage } from "./document.js";
import { PHRASES, type Phrases } from "./content-phrases.js";
import type { TeamForm } from "./form.js";

/** The model's pre-match view as the PREDICTION_* metrics store it (percents; expected goals x100). */
export type Predictions = { home: number; draw: number; away: number; over25: number; btts: number; expectedGoals: number };

export type ContentFacts = {
  /** Team names by language (English under `en`, always present). */
  home: Record<string, string>;
  away: Record<string, string>;
  homeForm: TeamForm;
  awayForm: TeamForm;
  predictions: Predictions | null;
  /** The minute and score when generated in play. */
  live: { minute: number; home: number; away: number } | null;
  legs: ReadonlyArray<Pick<Odd, "market_id" | "label_id" | "line">>;
  probability: number;
  price: number;
};

/** The match-level prediction metrics of a fixture, or null when it has none. */
export function predictionsOf(metrics: readonly MetricEntry[] | undefined): Predictions | null {
  const value = (name: string) => metrics?.find((m) => m.developer_name === name && m.team_id === 0)?.value;
  const values = {
    home: value("PREDICTION_HOME_WIN_PROBABILITY"),
    draw: value("PREDICTION_DRAW_PROBABILITY"),
    away: value("PREDICTION_AWAY_WIN_PROBABILITY"),
    over25: value("PREDICTION_OVER_2_5_PROBABILITY"),
    btts: value("PREDICTION_BTTS_PROBABILITY"),
    expectedGoals: value("PREDICTION_EXPECTED_GOALS"),
  };
  return Object.values(values).some((v) => v === undefined) ? null : (values as Predictions);
}

/**
 * The natural-language explanation of a bet builder in every content language,
 * built only from the fixture's own data: both teams' recent form, the model's
 * predictions, the live score when in play, and the combination's model
 * probability against its price. No external service is involved.
 */
export function explain(facts: ContentFacts): BetBuilderDocument["content"] {
  const content = {} as BetBuilderDocument["content"];
  for (const language of CONTENT_LANGUAGES) content[language] = { text: explainIn(language, facts) };
  return content;
}

function explainIn(language: ContentLanguage, facts: ContentFacts): string {
  const phrases = PHRASES[language];
  const home = facts.home[language] ?? facts.home.en!;
  const away = facts.away[language] ?? facts.away.en!;
  const decimals = (digits: number) => new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const sentences: string[] = [];
  if (facts.live) sentences.push(phrases.live(facts.live.minute, facts.live.home, facts.live.away));
  sentences.push(`${formPhrase(phrases, home, facts.homeForm)}; ${formPhrase(phrases, away, facts.awayForm)}.`);
  if (facts.predictions) {
    const p = facts.predictions;
    sentences.push(
      phrases.model({ home, away, ph: p.home, pd: p.draw, pa: p.away, xg: decimals(1).format(p.expectedGoals / 100), over: p.over25, btts: p.btts }),
    );
  }
  const legs = facts.legs.map((leg) => legPhrase(phrases, leg, home, away, decimals(1).format(leg.line))).join(" + ");
  const percent = Math.round(facts.probability * 100);
  sentences.push(phrases.verdict(legs, percent, decimals(2).format(1 / facts.probability), decimals(2).format(facts.price)));
  return sentences.join(" ");
}

function formPhrase(phrases: Phrases, team: string, form: TeamForm): string {
  if (form.results.length === 0) return phrases.noForm(team);
  const won = form.results.filter((result) => result === "W").length;
  const letters = form.results.map((result) => phrases.formLetters[result]).join(" ");
  return phrases.form(team, won, form.results.length, letters);
}

function legPhrase(phrases: Phrases, leg: Pick<Odd, "market_id" | "label_id">, home: string, away: string, line: string): string {
  const { legs } = phrases;
  const label = leg.label_id;
  switch (leg.market_id) {
    case MARKETS.FULLTIME_RESULT.id:
      return label === LABELS.HOME.id ? legs.homeWin(home) : label === LABELS.DRAW.id ? legs.draw : legs.awayWin(away);
    case MARKETS.OVER_UNDER.id:
      return label === LABELS.OVER.id ? legs.over(line) : legs.under(line);
    case MARKETS.BOTH_TEAMS_TO_SCORE.id:
      return label === LABELS.YES.id ? legs.bttsYes : legs.bttsNo;
    case MARKETS.DOUBLE_CHANCE.id:
      return label === LABELS.HOME_OR_DRAW.id ? legs.homeOrDraw(home) : label === LABELS.HOME_OR_AWAY.id ? legs.noDraw : legs.awayOrDraw(away);
  }
  throw new Error(`No wording for market ${leg.market_id} in bet builders`);
}
