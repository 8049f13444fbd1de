import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import Router from "@koa/router";
import { NotFoundError } from "../../http/errors.js";
import type { AppContext, AppState } from "../../http/context.js";
import { PROJECT_ROOT } from "../../paths.js";

/**
 * The demo pages (public/demo/): the search box and the live scanner, public pages, no key
 * needed; the API calls they make use a key typed into the page, through the TypeScript
 * client's browser bundle (built by `npm install` from clients/typescript), so the pages show
 * the way a user of the client writes it. Only the files listed here are served, read once.
 */
const DEMO_DIR = join(PROJECT_ROOT, "public", "demo");
const CLIENT_BUNDLE = join(PROJECT_ROOT, "clients", "typescript", "dist", "browser.js");
const FILES: Readonly<Record<string, { file: string; type: string }>> = {
  "/demo/client.js": { file: CLIENT_BUNDLE, type: "text/javascript; charset=utf-8" },
  "/demo/demo.css": { file: "demo.css", type: "text/css; charset=utf-8" },
  "/demo/dom.js": { file: "dom.js", type: "text/javascript; charset=utf-8" },
  "/demo/search": { file: "search.html", type: "text/html; charset=utf-8" },
  "/demo/search.js": { file: "search.js", type: "text/javascript; charset=utf-8" },
  "/demo/search.css": { file: "search.css", type: "text/css; charset=utf-8" },
  "/demo/scanner": { file: "scanner.html", type: "text/html; charset=utf-8" },
  "/demo/scanner.js": { file: "scanner.js", type: "text/javascript; charset=utf-8" },
  "/demo/scanner-table.js": { file: "scanner-table.js", type: "text/javascript; charset=utf-8" },
  "/demo/backtest-panel.js": { file: "backtest-panel.js", type: "text/javascript; charset=utf-8" },
  "/demo/pre-match-results.js": { file: "pre-match-results.js", type: "text/javascript; charset=utf-8" },
  "/demo/in-play-results.js": { file: "in-play-results.js", type: "text/javascript; charset=utf-8" },
  "/demo/result-parts.js": { file: "result-parts.js", type: "text/javascript; charset=utf-8" },
  "/demo/scanner.css": { file: "scanner.css", type: "text/css; charset=utf-8" },
};

// The pages handle an API key: nothing but its own files and its own origin's API.
const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const cache = new Map<string, Buffer>();

async function load(file: string): Promise<Buffer> {
  let body = cache.get(file);
  if (!body) {
    body = await readFile(resolve(DEMO_DIR, file)); // resolve: an absolute file (the client bundle) stays as it is
    cache.set(file, body);
  }
  return body;
}

export function demoRouter(): Router<AppState, AppContext> {
  const router = new Router<AppState, AppContext>();
  for (const [path, { file, type }] of Object.entries(FILES)) {
    router.get(path, async (ctx) => {
      const body = await load(file).catch(() => {
        throw new NotFoundError();
      });
      ctx.type = type;
      ctx.set("Cache-Control", "public, max-age=300");
      ctx.set("X-Content-Type-Options", "nosniff");
      if (file.endsWith(".html")) ctx.set("Content-Security-Policy", CONTENT_SECURITY_POLICY);
      ctx.body = body;
    });
  }
  return router;
}
