import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../../src/paths.js";
import { SERVICE_MALLOC_ENV, SERVICE_NODE_FLAGS } from "../../../scripts/runtime/service-memory.js";
import { REBUILD_NODE_FLAGS } from "../../../scripts/runtime/rebuild-memory.js";

/** The memory settings are spelled out in three places; they must not drift apart. */
describe("the production service's memory settings", () => {
  const dockerfile = readFileSync(join(PROJECT_ROOT, "Dockerfile"), "utf8");
  const serveProd = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["serve:prod"] ?? "";

  it("are the Dockerfile's command and environment", () => {
    const command = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(command ?? "[]")).toEqual(["node", ...SERVICE_NODE_FLAGS, "dist/src/server.js"]);
    for (const [name, value] of Object.entries(SERVICE_MALLOC_ENV)) expect(dockerfile).toMatch(new RegExp(`^ENV .*\\b${name}=${value}\\b`, "m"));
  });

  it("are what npm run serve:prod starts", () => {
    const env = Object.entries(SERVICE_MALLOC_ENV).map(([name, value]) => `${name}=${value}`).join(" ");
    expect(serveProd).toContain(`${env} node ${SERVICE_NODE_FLAGS.join(" ")} dist/src/server.js`);
  });
});

describe("the rebuild's memory settings", () => {
  it("are what npm run rebuild starts (bench:scale's rebuild child uses the same constant)", () => {
    const scripts = (JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
    expect(scripts.rebuild).toBe(`node ${REBUILD_NODE_FLAGS.join(" ")} --import tsx scripts/rebuild.ts`);
  });
});
