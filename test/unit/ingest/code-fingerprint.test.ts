import { existsSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { codeFingerprint, fingerprintedFiles } from "../../../src/ingest/kept-history/code-fingerprint.js";
import { PROJECT_ROOT } from "../../../src/paths.js";

describe("the fingerprint of the code that makes documents", () => {
  const files = fingerprintedFiles().map((file) => relative(PROJECT_ROOT, file));

  it("reads what the data set and the rebuild import, through other files too, the data beside the code and the index definitions", () => {
    for (const file of [
      "src/ingest/data-set.ts",
      "src/ingest/rebuild.ts",
      "src/ingest/fixtures/build-fixture-document.ts",
      "src/domain/fixture/in-play-states.ts",
      "src/domain/football/match/played-outcome.ts",
      "src/domain/fixture/index-family.ts",
      "src/ingest/documents/search-aliases.json",
      "indices/fixtures.json",
    ]) {
      expect(files, file).toContain(file);
    }
  });

  it("leaves out what never makes a document: the HTTP side and the live writer", () => {
    for (const file of ["src/app.ts", "src/live/apply-update.ts", "src/streams/query-registry.ts", "src/http/admission-gate.ts"]) {
      expect(existsSync(join(PROJECT_ROOT, file)), `${file} exists`).toBe(true);
      expect(files, file).not.toContain(file);
    }
    expect(files.some((file) => file.startsWith("src/routes/"))).toBe(false);
  });

  it("is one SHA-256, the same on every read", () => {
    expect(codeFingerprint()).toMatch(/^[0-9a-f]{64}$/);
    expect(codeFingerprint()).toBe(codeFingerprint());
  });
});
