import { createReadStream } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * Swagger UI is served from the swagger-ui-dist npm package (no CDN), limited to
 * the files the docs page loads so nothing else in node_modules is reachable.
 */
const require = createRequire(import.meta.url);
const SWAGGER_DIR = dirname(require.resolve("swagger-ui-dist/package.json"));

const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "favicon-32x32.png": "image/png",
};

export function swaggerAsset(file: string): { type: string; stream: () => NodeJS.ReadableStream } | null {
  // Own keys only: "__proto__" or "constructor" must not find an inherited member.
  const type = Object.hasOwn(ASSETS, file) ? ASSETS[file] : undefined;
  if (!type) return null;
  return { type, stream: () => createReadStream(join(SWAGGER_DIR, file)) };
}
