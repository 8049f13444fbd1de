import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { API_VERSION } from "../../../src/openapi/document.js";
import { PROJECT_ROOT } from "../../../src/paths.js";

describe("API_VERSION", () => {
  it("is the package's version, so both API documents say what was released", () => {
    const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { version: string };
    expect(API_VERSION).toBe(pkg.version);
  });
});
