import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * Every answer names the instance that gave it (X-Instance, INSTANCE_ID), whatever its kind, and a
 * draining instance (docs/operations.md, "Draining") reports not ready and refuses new streams while
 * it still answers ordinary requests. Through the real Koa app and HTTP server; the signal and the
 * proxy are test/integration/cluster-proxy.test.ts's.
 */
const INSTANCE = "test-instance-7";
let env: TestEnv;
let key: string;

beforeAll(async () => {
  env = await startTestEnv({ INSTANCE_ID: INSTANCE, RATE_LIMIT_PER_SECOND: "1", RATE_LIMIT_BURST: "1" });
  key = await env.createKey({ roles: ["standings"], rateLimit: 0 });
}, 60_000);

afterAll(async () => {
  await env?.close();
});

/** The head of a request Node itself answers (the headers are over 16 KB), as sent. */
function rawHead(request: string): Promise<string> {
  const { port } = new URL(env.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

describe("X-Instance", () => {
  it("is on every kind of answer: probes, docs, API, errors, streams and the HTTP server's own", async () => {
    const limited = await env.createKey({ rateLimit: 1 });
    await env.get("/types", { key: limited });
    const answers: Array<[string, Response, number]> = [
      ["liveness", await env.get("/health", { key: null }), 200],
      ["readiness", await env.get("/ready", { key: null }), 200],
      ["OpenAPI", await env.get("/openapi.json", { key: null }), 200],
      ["docs page", await env.get("/docs", { key: null }), 200],
      ["metrics", await env.get("/metrics", { key: null }), 200],
      ["API answer", await env.get("/types", { key }), 200],
      ["HEAD", await env.get("/types", { key, method: "HEAD" }), 200],
      ["no key", await env.get("/types", { key: null }), 403],
      ["bad parameter", await env.get("/fixtures?per_page=0", { key }), 400],
      ["unknown path", await env.get("/no-such-path", { key }), 404],
      ["write", await env.get("/types", { key, method: "POST" }), 405],
      ["rate limited", await env.get("/types", { key: limited }), 429],
    ];
    for (const [kind, response, status] of answers) {
      expect(`${kind} ${response.status}`).toBe(`${kind} ${status}`);
      expect(`${kind}: ${response.headers.get("x-instance")}`).toBe(`${kind}: ${INSTANCE}`);
      await response.body?.cancel();
    }

    const stream = await env.get("/livescores/stream", { key });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(stream.headers.get("x-instance")).toBe(INSTANCE);
    await stream.body!.cancel();

    const overflow = await rawHead(`GET /types HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expect(overflow.split("\r\n")[0]).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(overflow).toContain(`\r\nX-Instance: ${INSTANCE}\r\n`);
  });
});

describe("a draining instance", () => {
  it("reports not ready, refuses new streams with 503 and Retry-After, keeps its open streams and still answers", async () => {
    const open = await env.get("/livescores/stream", { key });
    const reader = open.body!.getReader();
    await reader.read();

    env.deps.draining.start();

    const ready = await env.get("/ready", { key: null });
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ error: "Not ready: this instance is draining (shutting down)" });
    expect((await env.get("/health", { key: null })).status).toBe(200);

    const refused = await env.get("/livescores/stream", { key });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(refused.headers.get("x-instance")).toBe(INSTANCE);
    expect(await refused.json()).toEqual({ error: "The service is shutting down; reconnect" });
    expect((await env.get("/livescores/stream", { key, method: "HEAD" })).status).toBe(503);

    const answered = await env.get("/types", { key });
    expect(answered.status).toBe(200);
    expect(answered.headers.get("connection")).toBe("close");
    await answered.body?.cancel();

    // The stream opened before the drain is still open: it ends when the server closes, not before.
    expect(env.deps.streams.openStreams).toBe(1);
    await reader.cancel();
  });
});
