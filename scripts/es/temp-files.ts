import { readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { isRunning } from "./node-process.js";

/**
 * Removes scratch files and directories left by runs that were killed mid-way (Ctrl-C during the
 * download or unpack). `pattern` must capture the owning pid in its first group; live owners' are kept.
 */
export async function removeStaleTemps(dir: string, pattern: RegExp): Promise<void> {
  for (const name of await readdir(dir).catch(() => [])) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) await rm(join(dir, name), { recursive: true, force: true });
  }
}
