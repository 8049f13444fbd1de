import { access, chmod, constants, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import extract from "extract-zip";
import { DIST_DIR_NAME, launcherPath } from "./distribution.js";
import { removeStaleTemps } from "./temp-files.js";

type Log = (line: string) => void;

const WINDOWS_ONLY = /\.(bat|exe)$/;

/** Every Unix file in any `bin/` directory must be executable; zips made on some systems drop the bits. */
async function ensureExecutables(dir: string): Promise<number> {
  let fixed = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (!entry.isDirectory()) continue;
    if (entry.name === "bin") {
      for (const file of await readdir(path, { withFileTypes: true })) {
        if (!file.isFile() || WINDOWS_ONLY.test(file.name)) continue;
        const filePath = join(path, file.name);
        const { mode } = await stat(filePath);
        if ((mode & 0o111) !== 0o111) {
          await chmod(filePath, mode | 0o755);
          fixed++;
        }
      }
    } else {
      fixed += await ensureExecutables(path);
    }
  }
  return fixed;
}

export async function isUnpacked(distDir: string): Promise<boolean> {
  return access(launcherPath(distDir), constants.X_OK).then(
    () => true,
    () => false,
  );
}

/**
 * Unpacks into a scratch directory and renames the result into place, so `distDir` existing means
 * a complete unpack. `prepare` runs on the scratch copy first (e.g. chown to the service user).
 */
export async function ensureUnpacked(
  zipPath: string,
  esHome: string,
  distDir: string,
  log: Log,
  prepare: (dir: string) => Promise<void> = async () => {},
): Promise<boolean> {
  await removeStaleTemps(esHome, /^\.unpack-([0-9]+)$/);
  if (await isUnpacked(distDir)) return false;
  const started = Date.now();
  const scratch = join(esHome, `.unpack-${process.pid}`);
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true });
  try {
    log(`Unpacking ${zipPath} ...`);
    await extract(zipPath, { dir: scratch });
    const unpacked = join(scratch, DIST_DIR_NAME);
    const fixed = await ensureExecutables(unpacked);
    if (fixed > 0) log(`Restored the executable bit on ${fixed} file(s) under bin/`);
    if (!(await isUnpacked(unpacked))) throw new Error(`${launcherPath(unpacked)} is missing or not executable after unpacking`);
    await prepare(unpacked);
    // A half-finished distDir can only be left by a crash between rm and rename; replace it.
    await rm(distDir, { recursive: true, force: true });
    await rename(unpacked, distDir);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  log(`Unpacked to ${distDir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
