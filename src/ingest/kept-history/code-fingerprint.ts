import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { INDICES_DIR } from "../../paths.js";

/**
 * A fingerprint of the code that runs: every file of its source tree (`src/` under tsx,
 * `dist/src/` when built) and the index definitions. A kept history is only reused by the same
 * code, so a deploy makes the next rebuild a full one. Coarser than following what builds a
 * document, and so never wrong about it: a change anywhere costs one full rebuild, never a
 * history that a full rebuild would not give. Read once per process.
 */
let cached: string | null = null;

export function codeFingerprint(): string {
  if (cached !== null) return cached;
  const codeRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const hash = createHash("sha256");
  for (const root of [codeRoot, INDICES_DIR]) {
    for (const file of filesUnder(root)) hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0");
  }
  cached = hash.digest("hex");
  return cached;
}

function filesUnder(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}
