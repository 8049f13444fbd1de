/**
 * Schemathesis (Python, from PyPI) in a virtual environment of its own under the project's
 * cache directory, installed once per pinned version: nothing lands in the system Python or
 * in the working tree.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { access, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { resolveCacheDir } from "../es/paths.js";

export const SCHEMATHESIS_VERSION = "4.32.5";

const exists = (path: string): Promise<boolean> => access(path).then(() => true, () => false);

/**
 * Runs a command with its output passed through, or with stdout and stderr written to
 * `outputFile` (an open file descriptor) instead; rejects on a non-zero exit.
 */
export async function run(command: string, args: readonly string[], options: { cwd?: string; outputFile?: number } = {}): Promise<void> {
  const out = options.outputFile ?? "inherit";
  const child = spawn(command, args, { stdio: ["ignore", out, out], ...(options.cwd ? { cwd: options.cwd } : {}) });
  const [code] = (await Promise.race([once(child, "exit"), once(child, "error").then(([error]) => Promise.reject(error as Error))])) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args[0] ?? ""} exited with ${code}`);
}

/** The `st` executable of the pinned version, installing it first when it is missing. */
export async function ensureSchemathesis(log: (line: string) => void): Promise<string> {
  const dir = join(resolveCacheDir(process.env), `schemathesis-${SCHEMATHESIS_VERSION}`);
  const st = join(dir, "bin", "st");
  // The marker is written last: an interrupted install is redone from scratch.
  const marker = join(dir, ".installed");
  if (await exists(marker)) return st;
  log(`Installing schemathesis ${SCHEMATHESIS_VERSION} into ${dir} ...`);
  await rm(dir, { recursive: true, force: true });
  try {
    await run("python3", ["-m", "venv", dir]);
  } catch (error) {
    throw new Error(`python3 -m venv failed (${(error as Error).message}); on Debian install python3-venv`);
  }
  await run(join(dir, "bin", "pip"), ["install", "--quiet", "--disable-pip-version-check", `schemathesis==${SCHEMATHESIS_VERSION}`]);
  await writeFile(marker, `${SCHEMATHESIS_VERSION}\n`);
  return st;
}
