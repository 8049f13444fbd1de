/**
 * The one service launcher of scripts/: a child process (so its CPU and memory are measured
 * apart from the load generator's) started the way production starts it, and waited for
 * until /ready answers. Every child gets production's malloc settings and V8 flags
 * (scripts/runtime/service-memory.ts, as `npm run serve:prod` and the Dockerfile spell them),
 * then whatever SERVICE_NODE_ARGS adds (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { access } from "node:fs/promises";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PROJECT_ROOT } from "../../src/paths.js";
import * as ownMemory from "../runtime/service-memory.js";

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (address === null || typeof address === "string") throw new Error("no free port");
  return address.port;
}

type ServiceMemory = { SERVICE_NODE_FLAGS: readonly string[]; SERVICE_MALLOC_ENV: Readonly<Record<string, string>> };

/**
 * The memory settings production starts a checkout's service with: this checkout's, or, for
 * another checkout (`cwd`, as bench:compare and diff:api start the base), that checkout's own
 * scripts/runtime/service-memory.ts, so a change of the settings is part of what is compared.
 */
async function serviceMemory(cwd: string): Promise<ServiceMemory> {
  if (resolve(cwd) === resolve(PROJECT_ROOT)) return ownMemory;
  const file = join(cwd, "scripts", "runtime", "service-memory.ts");
  const found = await access(file).then(() => true, () => false);
  return found ? ((await import(pathToFileURL(file).href)) as ServiceMemory) : ownMemory;
}

/** Production's V8 flags, then the ones SERVICE_NODE_ARGS adds (split on spaces). */
export function serviceNodeFlags(memory: ServiceMemory = ownMemory): string[] {
  return [...memory.SERVICE_NODE_FLAGS, ...(process.env.SERVICE_NODE_ARGS ?? "").split(" ").filter(Boolean)];
}

/**
 * Runs `node <flags> <entry> ...args` with production's memory settings and `env`, and waits
 * for /ready on env.PORT. A `.ts` entry (a benchmark's own server mode) runs through tsx; the
 * service itself runs compiled (`serviceEntry`). `stdout` (the request log) is discarded
 * unless a file descriptor is given.
 */
export async function startService(
  entry: string,
  args: string[],
  env: NodeJS.ProcessEnv & { PORT: string },
  options: { stdout?: number; cwd?: string } = {},
): Promise<ChildProcess> {
  const loader = entry.endsWith(".ts") ? ["--import", "tsx"] : [];
  const cwd = options.cwd ?? PROJECT_ROOT;
  const memory = await serviceMemory(cwd);
  const child = spawn(process.execPath, [...loader, ...serviceNodeFlags(memory), entry, ...args], {
    cwd,
    // No rate limit: a benchmark measures the service, not the limiter (one key, high rates). No
    // drain on SIGTERM: no proxy is in front to take the instance out, so its streams end at once, as before.
    env: { ...process.env, HOST: "127.0.0.1", RATE_LIMIT_PER_SECOND: "0", DRAIN_SECONDS: "0", ...memory.SERVICE_MALLOC_ENV, ...env },
    // The request log stays on (production does the same work); its lines are discarded.
    stdio: ["ignore", options.stdout ?? "ignore", "inherit"],
  });
  for (let attempt = 0; attempt < 100; attempt++) {
    if (child.exitCode !== null) throw new Error(`the service exited with ${child.exitCode}`);
    const ready = await fetch(`http://127.0.0.1:${env.PORT}/ready`).then((r) => r.ok, () => false);
    if (ready) return child;
    await new Promise((done) => setTimeout(done, 200));
  }
  child.kill();
  throw new Error("the service did not become ready in 20 s");
}

let built: Promise<string> | undefined;

/** `npm run build`: the service as the Dockerfile runs it, compiled to dist/ (once per run of a script). */
export function buildService(): Promise<string> {
  built ??= compile();
  return built;
}

async function compile(): Promise<string> {
  const tsc = spawn(process.execPath, [join(PROJECT_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.build.json"], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const [code] = (await once(tsc, "exit")) as [number | null];
  if (code !== 0) throw new Error(`npm run build failed (exit ${code})`);
  return join(PROJECT_ROOT, "dist", "src", "server.js");
}

/**
 * The compiled service to start: this checkout's, built now, or `serviceDir`'s (another
 * checkout, `--service-dir`: its dist/src/server.js, built there with `npm ci && npm run
 * build`), so one script measures before and after alike. Start it with `cwd: serviceDir`.
 */
export async function serviceEntry(serviceDir?: string): Promise<string> {
  if (serviceDir === undefined) return buildService();
  const entry = join(resolve(serviceDir), "dist", "src", "server.js");
  await access(entry).catch(() => {
    throw new Error(`${entry} is missing: run npm ci and npm run build in ${serviceDir} first`);
  });
  return entry;
}
