import { open, readFile, rm } from "node:fs/promises";
import { isRunning } from "./node-process.js";

/**
 * Serialises provisioning (download, unpack, start) between processes, e.g. a test run and
 * `npm start` started together; a lock left by a dead process is taken over.
 */
export async function withLock<T>(lockPath: string, log: (line: string) => void, fn: () => Promise<T>, timeoutMs = 600_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let announced = false;
  for (;;) {
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const holder = Number((await readFile(lockPath, "utf8").catch(() => "")).trim());
      if (!holder || !isRunning(holder)) {
        await rm(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`Gave up waiting for ${lockPath} held by pid ${holder}`);
      if (!announced) log(`Waiting for another provisioning run (pid ${holder}) to finish ...`);
      announced = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    return await fn();
  } finally {
    await rm(lockPath, { force: true });
  }
}
