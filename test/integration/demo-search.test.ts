import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium } from "../support/chromium.js";
import { loadCatalog, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
let key: string;
const now = new Date();
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

beforeAll(async () => {
  env = await startTestEnv();
  await loadCatalog(
    env,
    miniCatalog([
      { id: 1, home: 11, away: 12, date_time: inHours(3), status: "NOT_STARTED", season: "current" },
      { id: 2, home: 13, away: 14, date_time: inHours(26), status: "NOT_STARTED", season: "current" },
    ]),
    now,
  );
  key = await env.createKey();
});
afterAll(async () => {
  await env?.close();
});

describe("GET /demo/search", () => {
  it("serves the page and its files without a key, from the service itself", async () => {
    const page = await env.get("/demo/search", { key: null });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(page.headers.get("content-security-policy")).toContain("connect-src 'self'");
    expect(await page.text()).not.toMatch(/https?:\/\//);
    for (const file of ["search.js", "search.css"]) expect((await env.get(`/demo/${file}`, { key: null })).status).toBe(200);
    expect((await env.get("/demo/router.ts", { key: null })).status).toBe(404);
  });
});

describe.skipIf(!hasChromium)("the search-box demo in headless Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function openDemo(): Promise<{ page: Page; searches: string[]; foreign: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1000, height: 820 } });
    const searches: string[] = [];
    const foreign: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin !== env.url) foreign.push(request.url());
      if (url.pathname === "/search") searches.push(url.searchParams.get("q") ?? "");
    });
    await page.goto(`${env.url}/demo/search`);
    await page.fill("#api-key", key);
    return { page, searches, foreign };
  }

  it("shows grouped, scored results for a misspelling while typing, one request per pause", async () => {
    const { page, searches, foreign } = await openDemo();
    await page.locator("#q").pressSequentially("tottenahm", { delay: 25 });
    await page.waitForSelector("#results .option");
    expect(searches).toEqual(["tottenahm"]);
    const groups = await page.locator("#results .group-title").allTextContents();
    expect(groups[0]).toBe("Teams");
    const first = page.locator("#results .option").first();
    expect(await first.locator(".name").textContent()).toBe("Tottenham Hotspur FC");
    expect(Number(await first.locator(".score").textContent())).toBeGreaterThan(0.5);
    expect(await page.textContent("#status")).toMatch(/^\d+ results? in \d+ ms$/);
    expect(foreign).toEqual([]);

    const dir = join(process.cwd(), "test", "artifacts");
    mkdirSync(dir, { recursive: true });
    await page.keyboard.press("ArrowDown");
    await page.screenshot({ path: join(dir, "demo-search.png") });
    await page.close();
  });

  it("moves through the results with the arrow keys and selects with Enter", async () => {
    const { page } = await openDemo();
    await page.fill("#q", "arsenal");
    await page.waitForSelector("#results .option");
    const options = page.locator("#results .option");
    const count = await options.count();
    expect(count).toBeGreaterThan(1);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await options.nth(1).getAttribute("aria-selected")).toBe("true");
    expect(await page.getAttribute("#q", "aria-activedescendant")).toBe(await options.nth(1).getAttribute("id"));
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("Enter");
    const chosen = JSON.parse((await page.textContent("#selected-json")) ?? "{}") as { type: string; id: number };
    expect(chosen).toMatchObject({ type: "teams", id: 11 });
    expect(await page.isHidden("#results")).toBe(true);
    await page.keyboard.press("Escape");
    expect(await page.inputValue("#q")).toBe("");
    await page.close();
  });

  it("drops a slow answer to an older query", async () => {
    const { page } = await openDemo();
    // The first query's answer arrives late, after the second query's.
    await page.route(/\/search\?q=spurs/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue().catch(() => {});
    });
    await page.fill("#q", "spurs");
    await page.waitForTimeout(250);
    await page.fill("#q", "chelsea");
    await page.waitForSelector("#results .option");
    await page.waitForTimeout(900);
    expect(await page.locator("#results .option .name").first().textContent()).toBe("Chelsea FC");
    await page.close();
  });

  it("says when the key is rejected", async () => {
    const page = await browser.newPage();
    await page.goto(`${env.url}/demo/search`);
    await page.fill("#api-key", "not-a-key");
    await page.fill("#q", "arsenal");
    await page.locator("#status", { hasText: "403" }).waitFor();
    expect(await page.isHidden("#results")).toBe(true);
    await page.close();
  });
});
