import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { freePort } from "./service.js";

/**
 * A real Redis server from Debian's package (redis-server), on its own loopback port with no
 * persistence: the shared counters of the tests of limits across instances, of `npm run cluster`
 * and of bench:cluster. `redisAvailable` is false where the package is missing (.ci/run installs
 * it, and `npm run cluster` when it may): the tests then say they are skipped, the scripts say what to install.
 */
export const redisAvailable = redisInstalled();

/** Whether redis-server runs here now (`redisAvailable` is the answer at load; `npm run cluster` may install it after). */
export function redisInstalled(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/** `freeze`/`thaw` stop and continue the process (SIGSTOP/SIGCONT): a Redis that keeps its connections but answers nothing. */
export type RedisServer = { url: string; port: number; freeze: () => void; thaw: () => void; stop: () => Promise<void> };

export async function startRedis(port?: number): Promise<RedisServer> {
  const chosen = port ?? (await freePort());
  const child: ChildProcess = spawn("redis-server", ["--port", String(chosen), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 10_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${output}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${chosen}`,
    port: chosen,
    freeze: () => child.kill("SIGSTOP"),
    thaw: () => child.kill("SIGCONT"),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGKILL");
      // A stopped process takes a SIGKILL too; continuing it is harmless either way.
      child.kill("SIGCONT");
      await once(child, "exit");
    },
  };
}
