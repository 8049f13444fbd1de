import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getOk } from "../support/fixtures-api.js";
import { hasChromium, launchChromium } from "../support/chromium.js";
import { loadCatalog, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * The scanner page's "Test this rule on the past" panel in headless Chromium, over past results of
 * the mini catalogue: it must show what GET /fixtures/backtest answers, draw one curve point per
 * month (and the start), and show the API's 400 for a statistic in the rule.
 */
const SCREENSHOT = join(tmpdir(), "sfd-demo", "demo-backtest-panel.png");
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

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

    const page = await browser.newPage({ viewport: { width: 1100, height: 1100 } });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${env.url}/demo/scanner`);
    await page.fill("#api-key", key);
    await page.waitForSelector('.where-name option[value="PREDICTION_HOME_WIN_PROBABILITY"], #order-name option[value="CORNERS"]', { state: "attached" });
    await page.click("#add-where");
    await page.locator(".where-name").selectOption("PREDICTION_HOME_WIN_PROBABILITY");
    await page.locator(".where-min").fill("0");
    await page.locator(".where-max").fill("100");
    await page.selectOption(".bt-bet", "1:1");
    await page.selectOption(".bt-price", "2");
    await page.click("#bt-run");
    await page.locator(".bt-result:not([hidden]) .bt-curve polyline").waitFor();

    const figures = Object.fromEntries(
      await page.locator(".bt-figures div").evaluateAll((items) => items.map((item) => [item.querySelector("dt")!.textContent, item.querySelector("dd")!.textContent])),
    );
    expect(figures.Bets).toBe(String(answer.backtest.bets));
    expect(figures.Won).toBe(String(answer.backtest.won));
    const points = (await page.getAttribute(".bt-curve polyline", "points"))!.split(" ");
    expect(points).toHaveLength(answer.by_month.length + 1);
    mkdirSync(join(SCREENSHOT, ".."), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    await page.locator(".where-name").selectOption("CORNERS");
    await page.click("#bt-run");
    await page.locator("#backtest .status.error", { hasText: "CORNERS is a statistic, known only in play" }).waitFor();
    expect(await page.locator(".bt-result").isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});
