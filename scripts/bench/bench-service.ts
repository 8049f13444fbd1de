/**
 * What every benchmark shares: percentiles, a free loopback port, and the production
 * service started as a child process (so its CPU is measured apart from the load
 * generator's) and waited for until /ready answers.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { PROJECT_ROOT } from "../../src/paths.js";
import { SERVICE_MALLOC_ENV, SERVICE_NODE_FLAGS } from "../runtime/service-memory.js";

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

/**
 * Runs `node --import tsx <entry> ...args` with the given environment and waits for /ready.
 * `stdout` (the request log) is discarded unless a file descriptor is given; `nodeArgs`
 * replaces `--import tsx` (a compiled entry needs no loader, and may get V8 flags).
 */
export async function startService(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv & { PORT: string },
  options: { stdout?: number; nodeArgs?: string[]; cwd?: string } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? ["--import", "tsx"]), entry, ...args], {
    cwd: options.cwd ?? PROJECT_ROOT,
    // No rate limit: a benchmark measures the service, not the limiter (one key, high rates).
    env: { ...process.env, HOST: "127.0.0.1", RATE_LIMIT_PER_SECOND: "0", ...env },
    // The request log stays on (production does the same work); its lines are discarded.
    stdio: ["ignore", options.stdout ?? "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${env.PORT}/ready`).then((r) => r.ok, () => false);
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill();
  throw new Error("the service did not become ready in 20 s");
}

/**
 * The V8 flags of a benchmark's service child: production's (scripts/runtime/service-memory.ts),
 * so the benchmark measures the service as it runs, unless SERVICE_NODE_ARGS replaces them
 * (SERVICE_NODE_ARGS="" for Node's defaults; add `--cpu-prof --cpu-prof-dir=DIR` to profile).
 */
export function serviceNodeFlags(): string[] {
  const given = process.env.SERVICE_NODE_ARGS;
  return given === undefined ? [...SERVICE_NODE_FLAGS] : given.split(" ").filter(Boolean);
}

/** What a benchmark's service child starts with besides its own environment: production's malloc settings and V8 flags, with tsx. */
export function benchServiceOptions(): { env: Record<string, string>; nodeArgs: string[] } {
  return { env: { ...SERVICE_MALLOC_ENV }, nodeArgs: ["--import", "tsx", ...serviceNodeFlags()] };
}
