import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../../src/paths.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * The real process and the real signal: a service with open streams that gets SIGTERM ends
 * them cleanly and exits at once (not after its 10 s last resort), and a client that moves to
 * another instance gets a snapshot there.
 */
let env: TestEnv;
let key: string;

async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

async function startService(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: PROJECT_ROOT,
    // No drain: this is about ending streams; draining behind a proxy is cluster-proxy.test.ts's.
    env: { ...process.env, PORT: String(port), INDEX_PREFIX: env.config.indexPrefix, LOG_LEVEL: "warn", RATE_LIMIT_PER_SECOND: "0", DRAIN_SECONDS: "0" },
    stdio: "ignore",
  });
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const ready = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error("the service did not start");
}

beforeAll(async () => {
  env = await startTestEnv();
  key = await env.createKey();
}, 60_000);

afterAll(async () => {
  await env?.close();
});

describe("a service stopped with SIGTERM under open streams", () => {
  it("ends them cleanly and exits without waiting for its last-resort timer; the clients get a snapshot elsewhere", async () => {
    const port = await freePort();
    const child = await startService(port);
    const exited = once(child, "exit");
    const streams = await Promise.all([1, 2, 3].map(() => fetch(`http://127.0.0.1:${port}/livescores/stream`, { headers: { "X-API-Key": key } })));
    const readers = streams.map((response) => response.body!.getReader());
    for (const reader of readers) await reader.read();

    const signalled = Date.now();
    child.kill("SIGTERM");
    for (const reader of readers) {
      let done = false;
      while (!done) done = (await reader.read().catch(() => ({ done: true }))).done;
    }
    await exited;
    expect(Date.now() - signalled).toBeLessThan(5_000);
    expect(child.exitCode).toBe(0);

    const moved = await env.get("/livescores/stream", { key });
    expect(moved.status).toBe(200);
    const reader = moved.body!.getReader();
    let text = "";
    while (!text.includes("event: snapshot")) text += new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(text.startsWith("retry: 2000")).toBe(true);
  }, 90_000);
});
