import { mkdtempSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codeFingerprint, treeDigest } from "../../../src/presenters/code-fingerprint.js";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function tree(): { root: string; code: string } {
  root = mkdtempSync(join(tmpdir(), "code-fingerprint-"));
  const code = join(root, "src");
  mkdirSync(join(code, "presenters"), { recursive: true });
  writeFileSync(join(code, "presenters", "a.js"), "export const a = 1;\n");
  writeFileSync(join(code, "b.js"), "export const b = 2;\n");
  writeFileSync(join(root, "package.json"), '{"version":"1.0.0"}');
  return { root, code };
}

describe("treeDigest", () => {
  it("is the same for the same files and changes with any change of the code", () => {
    const { root: dir, code } = tree();
    const digest = () => treeDigest(dir, code, ["package.json", "missing.json"]);
    const first = digest();
    expect(first).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(digest()).toBe(first);

    const seen = new Set([first]);
    const changed = (change: () => void) => {
      change();
      const next = digest();
      expect(seen.has(next)).toBe(false);
      seen.add(next);
    };
    changed(() => writeFileSync(join(code, "presenters", "a.js"), "export const a = 3;\n"));
    changed(() => writeFileSync(join(code, "c.js"), ""));
    changed(() => renameSync(join(code, "c.js"), join(code, "presenters", "c.js")));
    changed(() => rmSync(join(code, "b.js")));
    changed(() => writeFileSync(join(dir, "package.json"), '{"version":"1.0.1"}'));
    changed(() => writeFileSync(join(dir, "missing.json"), "{}"));
  });
});

describe("codeFingerprint", () => {
  it("digests the running code once", () => {
    expect(codeFingerprint()).toMatch(/^[A-Za-z0-9_-]{27}$/);
    expect(codeFingerprint()).toBe(codeFingerprint());
  });
});
