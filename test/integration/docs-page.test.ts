import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasChromium, launchChromium } from "../support/chromium.js";
import { API_TAGS } from "../../src/openapi/tags.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

describe("GET /docs", () => {
  it("serves the docs page and its assets from the service itself", async () => {
    const page = await env.get("/docs", { key: null });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    const bundle = await env.get("/docs/assets/swagger-ui-bundle.js", { key: null });
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    expect((await env.get("/docs/assets/package.json", { key: null })).status).toBe(404);
  });

  it.skipIf(!hasChromium)("renders the operations in headless Chromium", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
      const failed: string[] = [];
      page.on("requestfailed", (request) => failed.push(request.url()));
      await page.goto(`${env.url}/docs`);
      await page.waitForSelector(".opblock-summary-path", { timeout: 15_000 });
      const paths = await page.locator(".opblock-summary-path").allTextContents();
      expect(paths.map((p) => p.replace(/\u200b/g, ""))).toEqual(expect.arrayContaining(["/types", "/health"]));
      expect(await page.locator(".info .title").textContent()).toContain("Sports Fixtures Data Service");
      // Grouped by what a user comes for, in the document's order: no "default" group.
      const groups = await page.locator(".opblock-tag-section .opblock-tag > a > span, .opblock-tag-section .opblock-tag span").allTextContents();
      expect(groups.filter((text) => text.trim() !== "")).toEqual(expect.arrayContaining(API_TAGS.map((tag) => tag.name)));
      expect(groups).not.toContain("default");
      expect(failed).toEqual([]);
      const dir = join(process.cwd(), "test", "artifacts");
      mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: join(dir, "docs.png"), fullPage: false });
    } finally {
      await browser.close();
    }
  });
});
