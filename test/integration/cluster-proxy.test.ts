import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HAPROXY_SERVERS, haproxyBinary, startHaproxy, waitForStates, type ProxyLayout } from "../../scripts/lib/haproxy.js";
import { freePort, startService } from "../../scripts/lib/service.js";
import { loadCatalog, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * The topology of `npm run cluster` with real processes: Debian's HAProxy with
 * deploy/haproxy/haproxy.cfg in front of three service processes on this file's own index prefix.
 * Every answer names its instance; a key's requests stay on one instance; a SIGKILLed instance
 * costs no failed request (the proxy retries the read on another and takes it out); a SIGTERMed
 * one drains: not ready, new streams refused, ordinary requests answered, the proxy stops sending
 * to it before it closes, and its open streams end so their clients reconnect elsewhere.
 */
const haproxy = haproxyBinary();
const DRAIN_SECONDS = 5;
/** HAProxy's idle timeout here: a stream with 1 s heartbeats must outlive it. */
const IDLE_TIMEOUT_S = 3;
const FIXTURES = "/fixtures?fixture_id=1,2";

let env: TestEnv;
let layout: ProxyLayout;
let proxy: ChildProcess | undefined;
const instances = new Map<string, { url: string; child: ChildProcess }>();
/** Keys and the instance each lands on through the proxy. */
const keys: Array<{ key: string; instance: string }> = [];
let proxyUrl: string;

type Answer = { status: number; instance: string | null };

async function getThroughProxy(path: string, key: string | null): Promise<Answer> {
  const response = await fetch(proxyUrl + path, { headers: key ? { "X-API-Key": key } : {} });
  const body = (await response.json()) as { fixtures?: Array<{ id: number }> };
  // A 200 with the wrong data is a failure too.
  const ok = response.status !== 200 || path !== FIXTURES || body.fixtures?.map((f) => f.id).sort().join(",") === "1,2";
  return { status: ok ? response.status : -1, instance: response.headers.get("x-instance") };
}

/** A stream opened and read up to its snapshot; `rest` reads on. */
async function openStream(url: string, key: string): Promise<{ status: number; instance: string | null; reader: ReadableStreamDefaultReader<Uint8Array>; text: () => string }> {
  const response = await fetch(`${url}/livescores/stream`, { headers: { "X-API-Key": key } });
  const reader = response.body!.getReader();
  let text = "";
  if (response.status === 200) {
    while (!text.includes("event: snapshot")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended before its snapshot");
      text += new TextDecoder().decode(value);
    }
  }
  return { status: response.status, instance: response.headers.get("x-instance"), reader, text: () => text };
}

/** Resolves true when the stream ends within `ms`, false when it is still open then. */
async function endsWithin(reader: ReadableStreamDefaultReader<Uint8Array>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const next = await Promise.race([reader.read().catch(() => ({ done: true })), sleep(until - Date.now()).then(() => null)]);
    if (next === null) return false;
    if (next.done) return true;
  }
  return false;
}

/** Requests through the proxy from `clients` loops, every key in turn, until `stop` resolves; every answer counted. */
async function loadThroughProxy(stop: Promise<unknown>, clients = 4): Promise<{ sent: number; failed: Array<{ startedAt: number; what: string }>; byKey: Map<string, Set<string>> }> {
  let running = true;
  void stop.then(() => (running = false));
  const failed: Array<{ startedAt: number; what: string }> = [];
  const byKey = new Map<string, Set<string>>();
  let sent = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = client; running; i += clients) {
        const { key } = keys[i % keys.length]!;
        sent++;
        const startedAt = Date.now();
        const answer = await getThroughProxy(FIXTURES, key).catch((error: Error) => ({ status: 0, instance: `${error.message} ${String(error.cause)}` }));
        if (answer.status !== 200) failed.push({ startedAt, what: `${answer.status} ${answer.instance}` });
        else byKey.set(key, (byKey.get(key) ?? new Set()).add(answer.instance ?? "none"));
      }
    }),
  );
  return { sent, failed, byKey };
}

describe.skipIf(!haproxy)(`HAProxy in front of three instances${haproxy ? "" : " (skipped: the haproxy binary is missing; apt-get install haproxy)"}`, () => {
  beforeAll(async () => {
    env = await startTestEnv();
    await loadCatalog(
      env,
      miniCatalog([
        { id: 1, home: 11, away: 12, date_time: "2025-03-01T15:00:00.000Z", status: "FT", result: { ft: [2, 1] } },
        { id: 2, home: 13, away: 14, date_time: "2025-03-08T15:00:00.000Z", status: "FT", result: { ft: [0, 0] } },
      ]),
      new Date(),
    );
    const [proxyPort, statsPort, ...ports] = await Promise.all([1, 2, 3, 4, 5].map(() => freePort()));
    layout = {
      bind: `127.0.0.1:${proxyPort}`,
      statsBind: `127.0.0.1:${statsPort}`,
      instances: [`127.0.0.1:${ports[0]}`, `127.0.0.1:${ports[1]}`, `127.0.0.1:${ports[2]}`],
      idleTimeout: `${IDLE_TIMEOUT_S}s`,
    };
    proxyUrl = `http://${layout.bind}`;
    await Promise.all(
      HAPROXY_SERVERS.map(async (name, i) => {
        const env_ = {
          PORT: String(ports[i]),
          INDEX_PREFIX: env.config.indexPrefix,
          INSTANCE_ID: name,
          DRAIN_SECONDS: String(DRAIN_SECONDS),
          STREAM_HEARTBEAT_MS: "1000",
          LOG_LEVEL: "warn",
        };
        const child = await startService("src/server.ts", [], env_);
        instances.set(name, { url: `http://${layout.instances[i]}`, child });
      }),
    );
    // HAProxy's request log (each request's instance, retries and termination state), for a failure's post-mortem.
    const proxyLog = await open(join(tmpdir(), `${env.config.indexPrefix}-haproxy.log`), "w");
    proxy = await startHaproxy(haproxy!, layout, proxyLog.fd).finally(() => proxyLog.close());
    await waitForStates(layout, Object.fromEntries(HAPROXY_SERVERS.map((name) => [name, "UP" as const])), 15_000);
    for (let i = 0; i < 24; i++) keys.push({ key: await env.createKey(), instance: "" });
  }, 120_000);

  afterAll(async () => {
    proxy?.kill("SIGTERM");
    for (const { child } of instances.values()) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await env?.close();
  });

  it("answers from the instances, each key from one of them, and keeps a stream open past its idle timeout", async () => {
    for (const entry of keys) {
      const answers = [await getThroughProxy(FIXTURES, entry.key), await getThroughProxy(FIXTURES, entry.key), await getThroughProxy(FIXTURES, entry.key)];
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => a.instance)).size).toBe(1);
      entry.instance = answers[0]!.instance!;
      expect(HAPROXY_SERVERS).toContain(entry.instance);
    }
    // 24 keys hashed over 3 instances: every instance has some.
    expect(new Set(keys.map((k) => k.instance))).toEqual(new Set(HAPROXY_SERVERS));
    // Without a key, round robin (over the consistent-hash ring, so in the ring's order, not strictly in turn).
    const probes: Answer[] = [];
    for (let i = 0; i < 12; i++) probes.push(await getThroughProxy("/health", null));
    expect(new Set(probes.map((p) => p.instance))).toEqual(new Set(HAPROXY_SERVERS));

    const first = keys[0]!;
    const stream = await openStream(proxyUrl, first.key);
    expect(stream.status).toBe(200);
    expect(stream.instance).toBe(first.instance);
    // Heartbeats every second keep it open past HAProxy's idle timeout.
    expect(await endsWithin(stream.reader, (IDLE_TIMEOUT_S + 2) * 1000)).toBe(false);
    await stream.reader.cancel();
  }, 60_000);

  it("loses no request when an instance is SIGKILLed: the proxy retries the read on another and takes it out", async () => {
    const victim = keys[0]!.instance;
    const stop = sleep(6_000);
    const load = loadThroughProxy(stop);
    await sleep(1_000);
    const killedAt = Date.now();
    instances.get(victim)!.child.kill("SIGKILL");
    const outAfterMs = await waitForStates(layout, { [victim]: "DOWN" }, 5_000);
    const { sent, failed, byKey } = await load;
    // A request the instance had not answered is retried on another; one whose answer had begun
    // (its head forwarded, its body cut by the kill: HAProxy logs SD) cannot be, by any proxy that
    // streams answers. So: nothing that started after the kill failed, and of those in flight at
    // the kill (at most one per client) only a cut answer may have.
    expect(failed.filter((f) => f.startedAt >= killedAt)).toEqual([]);
    for (const { what } of failed) expect(what).toMatch(/^0 terminated SocketError: other side closed/);
    expect(failed.length).toBeLessThanOrEqual(4);
    expect(sent).toBeGreaterThan(50);
    expect(outAfterMs).toBeLessThan(3_000);
    // The victim's keys moved; the others' stayed where they were.
    for (const { key, instance } of keys) {
      const seen = byKey.get(key)!;
      if (instance === victim) expect([...seen].filter((id) => id !== victim).length).toBeGreaterThan(0);
      else expect([...seen]).toEqual([instance]);
    }
    expect((await getThroughProxy(FIXTURES, keys[0]!.key)).instance).not.toBe(victim);
  }, 60_000);

  it("drains a SIGTERMed instance: not ready, new streams refused, requests answered, taken out before it closes, streams ended", async () => {
    const killed = keys[0]!.instance;
    const draining = keys.find((k) => k.instance !== killed)!;
    const target = instances.get(draining.instance)!;
    const viaProxy = await openStream(proxyUrl, draining.key);
    expect(viaProxy.instance).toBe(draining.instance);
    const direct = await openStream(target.url, draining.key);
    expect(direct.status).toBe(200);

    const exited = once(target.child, "exit");
    const signalled = Date.now();
    target.child.kill("SIGTERM");
    const stop = sleep((DRAIN_SECONDS + 1) * 1000);
    const load = loadThroughProxy(stop, 2);
    await sleep(200);

    // The instance itself, during its drain.
    const ready = await fetch(`${target.url}/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ error: "Not ready: this instance is draining (shutting down)" });
    const refused = await fetch(`${target.url}/livescores/stream`, { headers: { "X-API-Key": draining.key } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("1");
    expect(await refused.json()).toEqual({ error: "The service is shutting down; reconnect" });
    const answered = await fetch(`${target.url}${FIXTURES}`, { headers: { "X-API-Key": draining.key } });
    expect(answered.status).toBe(200);
    expect(answered.headers.get("x-instance")).toBe(draining.instance);
    await answered.body?.cancel();

    // Through the proxy, a new stream of the same key opens on the other instance at once (its 503 is retried there).
    const moved = await openStream(proxyUrl, draining.key);
    expect(moved.status).toBe(200);
    expect([killed, draining.instance]).not.toContain(moved.instance);
    await moved.reader.cancel();

    // The proxy takes it out before the drain ends, and the instance's open streams are still open then.
    await waitForStates(layout, { [draining.instance]: "DOWN" }, DRAIN_SECONDS * 1000);
    expect(Date.now() - signalled).toBeLessThan(DRAIN_SECONDS * 1000);
    expect(target.child.exitCode).toBeNull();
    const afterOut = await getThroughProxy(FIXTURES, draining.key);
    expect(afterOut.status).toBe(200);
    expect(afterOut.instance).not.toBe(draining.instance);

    // Then the drain ends: both streams end, the process exits cleanly, and no request through the proxy failed.
    expect(await endsWithin(viaProxy.reader, (DRAIN_SECONDS + 3) * 1000)).toBe(true);
    expect(await endsWithin(direct.reader, 1_000)).toBe(true);
    await exited;
    expect(target.child.exitCode).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(DRAIN_SECONDS * 1000);
    const { failed } = await load;
    expect(failed.map((f) => f.what)).toEqual([]);

    const reconnected = await openStream(proxyUrl, draining.key);
    expect(reconnected.status).toBe(200);
    expect(reconnected.instance).toBe(moved.instance);
    await reconnected.reader.cancel();
  }, 60_000);
});
