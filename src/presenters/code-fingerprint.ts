import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { PROJECT_ROOT } from "../paths.js";

/**
 * A digest of the code that runs: every file of the service's own code (`src/` under tsx,
 * `dist/src/` built), the package's manifest, the installed dependencies' lock and Node's
 * version. An ETag derived from document versions instead of the bytes (src/presenters/
 * fixture-list-tag.ts) includes it, so a deploy that presents the same documents differently
 * (a presenter change, a dependency update) never answers 304 for bytes the client does not
 * hold. Any change of the code changes it; instances running the same build agree on it.
 */
let fingerprint: string | undefined;

export function codeFingerprint(): string {
  fingerprint ??= computeFingerprint();
  return fingerprint;
}

function computeFingerprint(): string {
  // This file is <code root>/presenters/code-fingerprint.{ts,js}.
  const codeRoot = dirname(dirname(fileURLToPath(import.meta.url)));
  return treeDigest(PROJECT_ROOT, codeRoot, ["package.json", join("node_modules", ".package-lock.json")]);
}

/**
 * SHA-1 (base64url) of Node's version and every file under `dir` plus the `extras` that exist,
 * each with its path relative to `root`: a renamed, added, removed or changed file changes it.
 */
export function treeDigest(root: string, dir: string, extras: readonly string[]): string {
  const hash = createHash("sha1").update(process.version);
  const files = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  const present = extras.map((file) => join(root, file)).filter((file) => existsSync(file));
  for (const file of [...files, ...present]) {
    hash.update(`\0${relative(root, file)}\0`).update(readFileSync(file));
  }
  return hash.digest("base64url");
}
