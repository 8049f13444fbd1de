import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompactTrends } from "../../src/domain/fixture-parts.js";
import { getOk } from "../support/fixtures-api.js";
import { hasChromium, launchChromium } from "../support/chromium.js";
import { loadCatalog, MINI_LEAGUE, miniCatalog } from "../support/mini-catalog.js";
import { indexSearchFixtures, type SearchFixtureSpec } from "../support/search-fixtures.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * The scanner page's "Test this rule on the past" panel in headless Chromium, over past results of
 * the mini catalogue: it must show what GET /fixtures/backtest answers, draw one curve point per
 * month (and the start), and show the API's 400 for a statistic in the rule. As an in-play rule
 * (the default once the rule names a trend), over fixtures with hand-made trends on a day of their
 * own: the figures, every outcome, the histogram of the first fire and the leagues of
 * GET /fixtures/backtest/in-play.
 */
const SCREENSHOTS = join(tmpdir(), "sfd-demo");
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

// The in-play fixtures: their own day, the mini league and a second one.
const IN_PLAY_DAY = daysAgo(200).slice(0, 10);
const OTHER_LEAGUE = { id: 802, name: "Test Championship" };
const [HOME, AWAY, GOALS, CORNERS] = [9001, 9002, 15, 13];

/** Trends of minutes 1-3 of the first half and 45-47 of the second, series by [team, type, deltas]. */
function trends(id: number, series: Series): CompactTrends {
  return {
    minutes: [
      { period_id: id * 10 + 1, first_minute: 1, count: 3 },
      { period_id: id * 10 + 2, first_minute: 45, count: 3 },
    ],
    series: series.map(([team_id, type_id, deltas]) => ({ team_id, type_id, deltas })),
  };
}

// where[CORNERS]=1:9:HOME fires in three of the four: at 2 (a goal after, 1-1), at 47 (0-0) and at 3 in
// the other league (two home goals after, 2-0); the fourth has no corner (0-1).
type Series = Array<[team: number, type: number, deltas: number[]]>;
const IN_PLAY_FIXTURES: SearchFixtureSpec[] = ([
  { id: 8201, hour: 12, league: MINI_LEAGUE.id, series: [[HOME, CORNERS, [0, 1, 0, 0, 0, 0]], [AWAY, GOALS, [1, 0, 0, 0, 0, 0]], [HOME, GOALS, [0, 0, 0, 0, 1, 0]]] },
  { id: 8202, hour: 14, league: MINI_LEAGUE.id, series: [[HOME, CORNERS, [0, 0, 0, 0, 0, 2]]] },
  { id: 8203, hour: 16, league: OTHER_LEAGUE.id, series: [[HOME, CORNERS, [0, 0, 1, 0, 0, 0]], [HOME, GOALS, [0, 0, 0, 1, 0, 1]]] },
  { id: 8204, hour: 18, league: MINI_LEAGUE.id, series: [[AWAY, GOALS, [0, 0, 1, 0, 0, 0]]] },
] satisfies Array<{ id: number; hour: number; league: number; series: Series }>).map(({ id, hour, league, series }) => ({
  id,
  date_time: `${IN_PLAY_DAY}T${hour}:00:00Z`,
  league_id: league,
  status: "FT" as const,
  trends: trends(id, series),
}));

let env: TestEnv;
let key: string;
let browser: Browser;

beforeAll(async () => {
  env = await startTestEnv();
  key = await env.createKey();
  await loadCatalog(
    env,
    miniCatalog([
      { id: 1, home: 11, away: 12, date_time: daysAgo(120), status: "FT", result: { ht: [1, 0], ft: [2, 1] } },
      { id: 2, home: 13, away: 14, date_time: daysAgo(80), status: "FT", result: { ft: [0, 0] } },
      { id: 3, home: 15, away: 16, date_time: daysAgo(40), status: "FT", result: { ft: [1, 3] } },
      { id: 4, home: 12, away: 11, date_time: daysAgo(10), status: "FT", result: { ft: [2, 2] } },
    ]),
    now,
  );
  await indexSearchFixtures(env, IN_PLAY_FIXTURES);
  await env.es.index({ index: env.deps.indices.leagues, id: String(OTHER_LEAGUE.id), document: OTHER_LEAGUE, refresh: true });
  if (hasChromium) browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await env?.close();
});

describe.skipIf(!hasChromium)("the scanner page's backtest panel in headless Chromium", () => {
  it("shows the API's figures and the monthly curve, and its 400 for a statistic", async () => {
    const answer = await getOk<{ backtest: { bets: number; won: number }; by_month: unknown[] }>(
      env,
      "/fixtures/backtest?market_id=1&label_id=1&bookmaker_id=2&where[PREDICTION_HOME_WIN_PROBABILITY]=0:100",
    );
    expect(answer.backtest.bets).toBe(4);

    const { page, problems } = await openScanner();
    await page.locator(".where-name").selectOption("PREDICTION_HOME_WIN_PROBABILITY");
    // A metric only: tested as a pre-match rule, with a bet and a price.
    expect(await page.isChecked('input[name="bt-mode"][value="pre-match"]')).toBe(true);
    expect(await page.locator(".bt-minute-from").isHidden()).toBe(true);
    await page.locator(".where-min").fill("0");
    await page.locator(".where-max").fill("100");
    await page.selectOption(".bt-bet", "1:1");
    await page.selectOption(".bt-price", "2");
    await page.click("#bt-run");
    await page.locator(".bt-result:not([hidden]) .bt-curve polyline").waitFor();

    const figures = await figuresOf(page);
    expect(figures.Bets).toBe(String(answer.backtest.bets));
    expect(figures.Won).toBe(String(answer.backtest.won));
    const points = (await page.getAttribute(".bt-curve polyline", "points"))!.split(" ");
    expect(points).toHaveLength(answer.by_month.length + 1);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, "demo-backtest-panel.png"), fullPage: true });

    // A trend in the rule makes in-play the default; picked by hand, pre-match stays and the API refuses the statistic.
    await page.locator(".where-name").selectOption("CORNERS");
    expect(await page.isChecked('input[name="bt-mode"][value="in-play"]')).toBe(true);
    expect(await page.locator(".bt-bet").isHidden()).toBe(true);
    expect(await page.locator(".bt-result").isHidden()).toBe(true);
    await page.check('input[name="bt-mode"][value="pre-match"]');
    await page.locator(".where-name").selectOption("CORNERS_LAST_5");
    expect(await page.isChecked('input[name="bt-mode"][value="pre-match"]')).toBe(true);
    await page.locator(".where-name").selectOption("CORNERS");
    await page.click("#bt-run");
    await page.locator("#backtest .status.error", { hasText: "CORNERS is a statistic, known only in play" }).waitFor();
    expect(await page.locator(".bt-result").isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("tests an in-play rule: when it first held and what followed, as GET /fixtures/backtest/in-play counts it", async () => {
    const days = `start_date=${IN_PLAY_DAY}&end_date=${IN_PLAY_DAY}`;
    const answer = await getOk<{ in_play: unknown }>(env, `/fixtures/backtest/in-play?${days}&where[CORNERS]=1:9:HOME`);
    expect(answer.in_play).toEqual({ fixtures: 4, fired: 3, first_minute_average: 17.33 });

    const { page, problems } = await openScanner();
    await page.locator(".where-name").selectOption("CORNERS");
    await page.locator(".where-min").fill("1");
    await page.locator(".where-max").fill("9");
    await page.locator(".where-location").selectOption("HOME");
    expect(await page.isChecked('input[name="bt-mode"][value="in-play"]')).toBe(true);
    expect(await page.locator(".bt-price").isHidden()).toBe(true);
    expect([await page.getAttribute(".bt-minute-from", "placeholder"), await page.getAttribute(".bt-minute-to", "placeholder")]).toEqual(["1", "90"]);
    await page.fill(".bt-start", IN_PLAY_DAY);
    await page.fill(".bt-end", IN_PLAY_DAY);
    await page.click("#bt-run");
    await page.locator('.bt-result[data-mode="in-play"]:not([hidden]) .bt-minutes').waitFor();

    expect(await figuresOf(page)).toEqual({ Fixtures: "4", Fired: "3", "Mean first minute": "17.33" });
    const outcomes = Object.fromEntries((await rowsOf(page, ".bt-outcomes tbody tr")).map(([name, ...cells]) => [name, cells]));
    expect(Object.keys(outcomes)).toHaveLength(13);
    expect(outcomes).toMatchObject({
      "A goal after": ["2", "66.7%", "1.50"],
      "A home goal after": ["2", "66.7%", "1.50"],
      "An away goal after": ["0", "0.0%", "–"],
      "No goal after": ["1", "33.3%", "3.00"],
      "Home win": ["1", "33.3%", "3.00"],
      Draw: ["2", "66.7%", "1.50"],
      "Away win": ["0", "0.0%", "–"],
      "Over 1.5 goals": ["2", "66.7%", "1.50"],
      "Over 2.5 goals": ["0", "0.0%", "–"],
      "Both teams scored": ["1", "33.3%", "3.00"],
    });
    // 18 bars of 5 minutes: two first fires in 1-5, one in 46-50 (half the height).
    const bars = await page.locator(".bt-minutes rect.bar").evaluateAll((rects) => rects.map((rect) => [rect.getAttribute("data-fired"), Number(rect.getAttribute("height"))]));
    expect(bars.map(([fired]) => fired)).toEqual(["2", ...Array(8).fill("0"), "1", ...Array(8).fill("0")]);
    expect(bars[0]![1]).toBeCloseTo(2 * bars[9]![1]!);
    const labels = await page.locator(".bt-minutes text:not(.count)").allTextContents();
    expect(labels[0]).toBe("1-5");
    expect(labels.at(-1)).toBe("86-90");
    expect(await rowsOf(page, ".bt-fired-leagues tbody tr")).toEqual([
      [MINI_LEAGUE.name, "2", "50.0%"],
      [OTHER_LEAGUE.name, "1", "100.0%"],
    ]);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.locator("#backtest").screenshot({ path: join(SCREENSHOTS, "demo-backtest-in-play.png") });

    // Up to minute 45 the fire at 47 is gone: two fires, at 2 and 3.
    await page.fill(".bt-minute-to", "45");
    await page.click("#bt-run");
    await page.locator(".bt-figures dd", { hasText: "2.5" }).waitFor();
    expect(await figuresOf(page)).toEqual({ Fixtures: "4", Fired: "2", "Mean first minute": "2.5" });

    // Back to pre-match by hand: the bet returns, the minutes and the in-play result go.
    await page.check('input[name="bt-mode"][value="pre-match"]');
    expect(await page.locator(".bt-bet").isVisible()).toBe(true);
    expect(await page.locator(".bt-minute-to").isHidden()).toBe(true);
    expect(await page.locator(".bt-result").isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});

/** The scanner with the key typed in, the names loaded and one empty condition. */
async function openScanner(): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 1100 } });
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto(`${env.url}/demo/scanner`);
  await page.fill("#api-key", key);
  await page.waitForSelector('.where-name option[value="PREDICTION_HOME_WIN_PROBABILITY"], #order-name option[value="CORNERS"]', { state: "attached" });
  await page.click("#add-where");
  return { page, problems };
}

async function figuresOf(page: Page): Promise<Record<string, string | null>> {
  return Object.fromEntries(
    await page.locator(".bt-figures div").evaluateAll((items) => items.map((item) => [item.querySelector("dt")!.textContent, item.querySelector("dd")!.textContent])),
  );
}

async function rowsOf(page: Page, selector: string): Promise<string[][]> {
  return page.locator(selector).evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent ?? "")));
}
