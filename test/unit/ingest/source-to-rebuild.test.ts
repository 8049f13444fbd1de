import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaultSource, sourceToRebuild } from "../../../src/ingest/data-set.js";
import type { DataOrigin } from "../../../src/store/index-versions.js";

const sourceDir = mkdtempSync(join(tmpdir(), "openfootball-"));
writeFileSync(join(sourceDir, "football.json"), "{}");
afterAll(() => rmSync(sourceDir, { recursive: true, force: true }));

describe("sourceToRebuild", () => {
  it("reads the synthetic source again, at the scale it was built with", () => {
    expect(sourceToRebuild({ source: "synthetic", scale: 100000 }).options).toEqual({ source: "synthetic", scale: 100000 });
    expect(sourceToRebuild({ source: "synthetic" }).options).toEqual({ source: "synthetic" });
  });

  it("reads the recorded openfootball folder again while it is there", () => {
    const chosen = sourceToRebuild({ source: "openfootball", dir: sourceDir });
    expect(chosen.options).toEqual({ source: "openfootball", dir: sourceDir });
    expect(chosen.why).toContain(sourceDir);
  });

  it("falls back to the default source, saying why, when the recorded folder is gone", () => {
    const chosen = sourceToRebuild({ source: "openfootball", dir: join(sourceDir, "missing") });
    expect(chosen.options).toEqual(defaultSource());
    expect(chosen.why).toMatch(/missing is gone/);
  });

  it("falls back to the default source when nothing usable was recorded", () => {
    const unusable: Array<DataOrigin | null> = [null, { source: "ftp" }, { source: "synthetic", scale: -2 }, { source: "openfootball" }];
    for (const origin of unusable) {
      const chosen = sourceToRebuild(origin);
      expect(chosen.options).toEqual(defaultSource());
      expect(chosen.why).toMatch(/^the default source/);
    }
  });
});
