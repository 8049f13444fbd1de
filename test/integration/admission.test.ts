import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StreamClient } from "../support/stream-client.js";
import { TcpProxy } from "../support/tcp-proxy.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * Admission control through the real app and the real node, with tiny limits: 2 requests
 * worked on, 2 waiting for at most 3 s. The requests are made slow for real: a proxy in front
 * of the node holds everything the instance sends it (every request starts with a key lookup:
 * the key cache is off in tests) until it is released.
 */
const LIMITS = { ADMISSION_MAX_IN_FLIGHT: "2", ADMISSION_MAX_QUEUED: "2", ADMISSION_MAX_WAIT_MS: "3000", ADMISSION_RETRY_AFTER_S: "4" };
const proxy = TcpProxy.toTestNode();
let env: TestEnv;
let key: string;

beforeAll(async () => {
  await proxy.open();
  env = await startTestEnv({ ...LIMITS, ELASTICSEARCH_URL: proxy.url, ELASTICSEARCH_REQUEST_TIMEOUT_MS: "30000" });
  key = await env.createKey();
});
afterAll(async () => {
  proxy.release();
  await env?.close();
  await proxy.close();
});

/** One sample of /metrics by its exact series (name and labels). */
async function metric(series: string, on: TestEnv = env): Promise<number | undefined> {
  const text = await (await on.get("/metrics", { key: null })).text();
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const admitted = async (inFlight: number, queued: number, on: TestEnv = env) =>
  (await metric("http_requests_in_flight", on)) === inFlight && (await metric("http_requests_queued", on)) === queued;

type Answer = { status: number; retryAfter: string | null; cacheControl: string | null; body: unknown; settledAt: number };

async function answer(response: Promise<Response>): Promise<Answer> {
  const r = await response;
  return { status: r.status, retryAfter: r.headers.get("retry-after"), cacheControl: r.headers.get("cache-control"), body: await r.json(), settledAt: Date.now() };
}

describe("admission control under overload", () => {
  it("answers the overflow at once with 503 and Retry-After, keeps health and metrics up, and serves normally once the slow requests finish", async () => {
    expect((await env.get("/types", { key })).status).toBe(200);

    proxy.hold();
    const working = [answer(env.get("/types", { key })), answer(env.get("/types", { key }))];
    await until("two requests are worked on", () => admitted(2, 0));
    const waitingSince = Date.now();
    const waiting = [answer(env.get("/types", { key })), answer(env.get("/types", { key }))];
    await until("two requests wait", () => admitted(2, 2));
    // A stream's opening waits even in a full queue (a 503 would end an EventSource for good), within the same bound.
    const stream = answer(env.get("/livescores/stream", { key }));
    await until("the stream's opening waits too", () => admitted(2, 3));

    // The queue is full: the next request is refused while the slow ones are still held.
    const refused = await answer(env.get("/types?language=de", { key }));
    expect(refused).toMatchObject({
      status: 503,
      retryAfter: "4",
      cacheControl: "no-store",
      body: { error: "The service is overloaded: too many requests are already waiting; retry after 4 s" },
    });

    // Probes, docs and metrics are no API requests: they answer while the API is full.
    expect((await env.get("/health", { key: null })).status).toBe(200);
    expect((await env.get("/openapi.json", { key: null })).status).toBe(200);
    expect(await metric('http_requests_shed_total{reason="queue_full"}')).toBe(1);

    // The waiting ones get no slot within their 3 s: refused when their wait is over, still before the node answers.
    for (const late of await Promise.all([...waiting, stream])) {
      expect(late).toMatchObject({
        status: 503,
        retryAfter: "4",
        body: { error: "The service is overloaded: the request waited 3000 ms for a turn; retry after 4 s" },
      });
      expect(late.settledAt - waitingSince).toBeGreaterThanOrEqual(2_900);
    }
    expect(await metric('http_requests_shed_total{reason="queue_timeout"}')).toBe(3);
    expect(await admitted(2, 0)).toBe(true);

    proxy.release();
    for (const slow of await Promise.all(working)) expect(slow.status).toBe(200);
    await until("every slot is free", () => admitted(0, 0));
    const after = await env.get("/types", { key });
    expect(after.status).toBe(200);
    expect(after.headers.get("retry-after")).toBeNull();
    expect(await metric('http_requests_total{route="/types",method="GET",status="503"}')).toBe(3);
  });

  it("frees a stream's slot once the stream has started: open streams never fill the API", async () => {
    const streams = [0, 1, 2].map(() => new StreamClient(`${env.url}/livescores/stream`, key));
    try {
      for (const stream of streams) await stream.waitFor("the snapshot", () => stream.count("snapshot") === 1);
      expect(await admitted(0, 0)).toBe(true);
      expect((await env.get("/types", { key })).status).toBe(200);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("gives a slot back within a second of the answer when the client does not take the response", async () => {
    // Two requests pipelined behind a stream on one connection: their answers wait behind a
    // response that never ends, so they are never sent.
    const { hostname, port } = new URL(env.url);
    const socket = connect(Number(port), hostname);
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    try {
      const request = (path: string) => `GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nX-API-Key: ${key}\r\n\r\n`;
      socket.write(request("/livescores/stream") + request("/types") + request("/types"));
      await until("the stream started", async () => received.includes("text/event-stream"));
      await until("both pipelined requests were answered and their slots given back", () => admitted(0, 0));
      // Only the stream's head was sent: the two answers still wait behind it, unsent.
      expect(received.match(/HTTP\/1\.1 \d{3}/g)).toHaveLength(1);
      expect((await env.get("/types", { key })).status).toBe(200);
    } finally {
      socket.destroy();
    }
  });
});

describe("admission control for streams waiting on their snapshot", () => {
  // One slot, no queue, and a key cache, so that with the node held only the snapshots wait on it.
  const slowSnapshots = TcpProxy.toTestNode();
  let streamEnv: TestEnv;
  let streamKey: string;
  beforeAll(async () => {
    await slowSnapshots.open();
    streamEnv = await startTestEnv({
      ADMISSION_MAX_IN_FLIGHT: "1",
      ADMISSION_MAX_QUEUED: "0",
      KEY_CACHE_TTL_MS: "60000",
      ELASTICSEARCH_URL: slowSnapshots.url,
      ELASTICSEARCH_REQUEST_TIMEOUT_MS: "30000",
    });
    streamKey = await streamEnv.createKey();
  });
  afterAll(async () => {
    slowSnapshots.release();
    await streamEnv?.close();
    await slowSnapshots.close();
  });

  it("gives the slot back while a stream waits for the hub's snapshot: a burst of streams is not refused", async () => {
    // The key is looked up once and then cached: the streams' key checks need no node.
    expect((await streamEnv.get("/types", { key: streamKey })).status).toBe(200);
    slowSnapshots.hold();
    const opened = [0, 1, 2].map(() => streamEnv.get("/livescores/stream", { key: streamKey }));
    // With the snapshot round held at the node, all three streams wait in the hub, none holds the one slot.
    await until("three streams wait on the hub", async () => (await metric("streams_open", streamEnv)) === 3);
    expect(await admitted(0, 0, streamEnv)).toBe(true);
    expect((await streamEnv.get("/types", { key: streamKey })).status).toBe(200);
    expect((await metric('http_requests_shed_total{reason="queue_full"}', streamEnv)) ?? 0).toBe(0);

    slowSnapshots.release();
    const responses = await Promise.all(opened);
    try {
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200]);
      expect(responses.map((response) => response.headers.get("content-type"))).toEqual(Array(3).fill("text/event-stream; charset=utf-8"));
    } finally {
      for (const response of responses) await response.body?.cancel();
    }
  });
});
