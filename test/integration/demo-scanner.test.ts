import { mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveSimulator } from "../../src/live/simulator.js";
import { hasChromium, launchChromium } from "../support/chromium.js";
import { matchClock } from "../support/match-clock.js";
import { loadCatalog, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * The live-scanner demo through the real app and node, in headless Chromium, while the live
 * simulator plays matches at speed 60 (one match minute a real second) through the real update
 * path: the page must show the snapshot, then the changes the stream pushes.
 */
const SCREENSHOT = join(tmpdir(), "sfd-demo", "demo-scanner.png");

const { start, at, upcoming: match } = matchClock();

let env: TestEnv;
let key: string;
let simulator: LiveSimulator;
let clock = 0;
let playing: Promise<void> | null = null;
let stopPlaying = false;

/** Steps the simulator by half a match minute every half real second: speed 60 (once; later calls find it playing). */
function playInBackground(): void {
  if (playing) return;
  playing = (async () => {
    while (!stopPlaying) {
      clock += 0.5;
      await simulator.step(at(clock));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
}

beforeAll(async () => {
  env = await startTestEnv({ STREAM_POLL_MS: "100", STREAM_REFRESH_MS: "2000", STREAM_HEARTBEAT_MS: "1000" });
  key = await env.createKey();
  // One match already under way when the page opens, two that kick off while it watches.
  await loadCatalog(env, miniCatalog([match(1, 11, 12, -5), match(2, 13, 14, 1), match(3, 15, 16, 2)]), start);
  simulator = new LiveSimulator(env.es, env.deps.indices, { startAt: start, speed: 60 });
  await simulator.step(at(0));
}, 120_000);

afterAll(async () => {
  stopPlaying = true;
  await playing;
  await env?.close();
});

describe("GET /demo/scanner", () => {
  it("serves the page and its files without a key, under the demo pages' strict policy", async () => {
    const page = await env.get("/demo/scanner", { key: null });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'; style-src 'self'; connect-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>|<style|style="/);
    for (const file of ["scanner.js", "scanner-table.js", "dom.js", "scanner.css", "client.js"]) expect((await env.get(`/demo/${file}`, { key: null })).status).toBe(200);
  });
});

describe.skipIf(!hasChromium)("the live-scanner demo in headless Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The page with a key typed in and the condition names loaded; what it asked for and what the browser refused. */
  async function openScanner(withKey: string): Promise<{ page: Page; streams: string[]; problems: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    const streams: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== env.url) problems.push(`foreign request ${request.url()}`);
      if (url.pathname !== "/fixtures/search/stream") return;
      streams.push(url.search);
      // The client sends the key in a header, never in the URL.
      if (request.headers()["x-api-key"] !== withKey) problems.push(`stream request without the key header: ${request.url()}`);
    });
    page.on("console", (message) => {
      if (message.type() === "error" && !/Failed to load resource/.test(message.text())) problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${env.url}/demo/scanner`);
    await page.fill("#api-key", withKey);
    return { page, streams, problems };
  }

  async function addCondition(page: Page, name: string, min: string, max: string, location: string): Promise<void> {
    await page.click("#add-where");
    const row = page.locator(".where-row").last();
    await row.locator(".where-name").selectOption(name);
    await row.locator(".where-min").fill(min);
    await row.locator(".where-max").fill(max);
    await row.locator(".where-location").selectOption(location);
  }

  it("shows the snapshot, then fixtures entering and changing as matches are played", async () => {
    const { page, streams, problems } = await openScanner(key);
    await page.waitForSelector('#order-name option[value="CORNERS"]', { state: "attached" });
    await page.selectOption("#window", "live");
    await addCondition(page, "PREDICTION_HOME_WIN_PROBABILITY", "0", "100", "LEAGUE");
    await page.selectOption("#order-name", "CORNERS");
    await page.selectOption("#order-direction", "desc");
    await page.click("#start");

    await page.locator("#state", { hasText: "Live" }).waitFor();
    await page.locator("#fixtures-body tr").first().waitFor();
    expect(await page.locator("#fixtures-body tr").count()).toBe(1);
    expect(await page.textContent("#fixtures-body tr .teams")).toBe("Arsenal FC – Chelsea FC");
    expect(await page.textContent("#status")).toBe("Snapshot: 1 fixture. Changes follow as they happen.");
    expect(await page.locator("#fixtures-head th").allTextContents()).toEqual([
      "Match",
      "Score",
      "Time",
      "PREDICTION_HOME_WIN_PROBABILITYmatch",
      "CORNERSmatch",
      "Updated",
    ]);

    playInBackground();
    await page.locator("#fixtures-body tr.entered").first().waitFor({ timeout: 20_000 });
    await page.locator("#fixtures-body td.changed").first().waitFor({ timeout: 20_000 });
    await page.locator("#count", { hasText: /^3$/ }).waitFor({ timeout: 20_000 });
    expect(await page.locator("#fixtures-body tr").count()).toBe(3);
    expect(await page.textContent("#events")).toMatch(/^\d+ \([1-9]\d* enter, [1-9]\d* update, 0 leave\)$/);
    expect(await page.textContent("#last-event")).toMatch(/^(enter|update) at /);
    expect(await page.textContent("#fixtures-body tr[data-id='1'] .time")).toMatch(/^\d+(\+\d+)?′ · (1st|2nd) half$/);

    mkdirSync(join(SCREENSHOT, ".."), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    expect(streams).toHaveLength(1);
    const sent = new URLSearchParams(streams[0]);
    expect(Object.fromEntries(sent)).toEqual({
      window: "live",
      include: "statistics,metrics",
      "where[PREDICTION_HOME_WIN_PROBABILITY]": "0:100:LEAGUE",
      "order[CORNERS]": "desc:LEAGUE",
    });
    expect(await page.textContent("#request-url")).toBe(
      "/fixtures/search/stream?window=live&include=statistics,metrics&where[PREDICTION_HOME_WIN_PROBABILITY]=0:100:LEAGUE&order[CORNERS]=desc:LEAGUE",
    );
    expect(problems).toEqual([]);
    await page.click("#stop");
    expect(await page.textContent("#state")).toBe("Stopped");
    await page.close();
  }, 90_000);

  it("fades out a fixture that stops matching, then removes it", async () => {
    // Run alone (vitest -t), this test starts the play itself.
    playInBackground();
    // At most as many corners as the busiest match has now: the next corner anywhere makes a fixture leave.
    const response = await env.get("/fixtures/search?window=live&include=statistics", { key });
    const { fixtures } = (await response.json()) as { fixtures: Array<{ statistics: Array<{ developer_name: string; team_id: number; value: number }> }> };
    const corners = fixtures.map((fixture) => fixture.statistics.find((entry) => entry.developer_name === "CORNERS" && entry.team_id === 0)?.value ?? 0);
    const { page, problems } = await openScanner(key);
    await page.waitForSelector('#order-name option[value="CORNERS"]', { state: "attached" });
    await page.selectOption("#window", "live");
    await addCondition(page, "CORNERS", "0", String(Math.max(...corners)), "LEAGUE");
    await page.click("#start");
    await page.locator("#fixtures-body tr").first().waitFor();
    const leaving = page.locator("#fixtures-body tr.leaving");
    await leaving.first().waitFor({ timeout: 30_000 });
    const id = await leaving.first().getAttribute("data-id");
    await page.screenshot({ path: SCREENSHOT.replace(".png", "-leave.png"), fullPage: true });
    await page.locator(`#fixtures-body tr[data-id="${id}"]`).waitFor({ state: "detached" });
    expect(await page.textContent("#events")).toMatch(/[1-9]\d* leave\)$/);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it("shows the JSON error text of a refused stream", async () => {
    const { page } = await openScanner(key);
    await page.waitForSelector('#order-name option[value="CORNERS"]', { state: "attached" });
    await addCondition(page, "CORNERS", "5", "2", "HOME");
    await page.click("#start");
    await page.locator("#status.error").waitFor();
    expect(await page.textContent("#status")).toBe("400: where[CORNERS] min must not be greater than max");
    expect(await page.textContent("#state")).toBe("Closed");
    await page.screenshot({ path: SCREENSHOT.replace(".png", "-error.png") });
    await page.close();
  });

  it("says when the key is rejected", async () => {
    const { page } = await openScanner("not-a-key");
    await page.click("#start");
    await page.locator("#status", { hasText: "403" }).waitFor();
    expect(await page.textContent("#status")).toBe("The key was rejected (403: Unauthorized). Paste a valid API key.");
    await page.close();
  });
});
