import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { INDICES_DIR } from "../../paths.js";

/**
 * A fingerprint of the code that makes documents: every file the data set and the rebuild import,
 * directly or through others (`src/` under tsx, `dist/src/` when built), every data file beside
 * the code (the search aliases' JSON) and the index definitions. A kept history is only reused by
 * the same code, so a deploy that touches any of it makes the next rebuild a full one, while one
 * that changes only the HTTP side or the live writer does not. It follows imports as text, like the
 * architecture test's reader: coarse (a type-only import counts too), and so never wrong the
 * other way. Read once per process.
 */
let cached: string | null = null;

const HERE = dirname(fileURLToPath(import.meta.url));
const CODE_ROOT = join(HERE, "..", "..");
const ROOTS = ["../data-set", "../rebuild"].map((name) => join(HERE, name));
const IMPORT = /(?:import|export)\s[^;]*?from\s*["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)/gs;

export function codeFingerprint(): string {
  if (cached !== null) return cached;
  const hash = createHash("sha256");
  for (const file of fingerprintedFiles()) hash.update(relative(CODE_ROOT, file)).update("\0").update(readFileSync(file)).update("\0");
  cached = hash.digest("hex");
  return cached;
}

/** The files the fingerprint reads. */
export function fingerprintedFiles(): string[] {
  return [...importClosure(ROOTS.map(codeFile)), ...dataFiles(CODE_ROOT), ...filesUnder(INDICES_DIR)];
}

/** The source file of a module path without its extension: `.ts` under tsx, `.js` when built. */
function codeFile(base: string): string {
  for (const extension of [".ts", ".js"]) if (existsSync(base + extension)) return base + extension;
  throw new Error(`code-fingerprint: no source for ${base}`);
}

/** Every code file `roots` reach through relative imports, sorted. */
function importClosure(roots: string[]): string[] {
  const seen = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      const base = join(dirname(file), specifier).replace(/\.(js|ts)$/, "");
      if (specifier.endsWith(".json")) pending.push(join(dirname(file), specifier));
      else pending.push(codeFile(base));
    }
  }
  return [...seen].sort();
}

/** Files beside the code that are not code (read at run time, not imported). */
function dataFiles(dir: string): string[] {
  return filesUnder(dir).filter((file) => !/\.(ts|js|map)$/.test(file));
}

function filesUnder(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}
