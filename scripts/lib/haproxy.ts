/**
 * HAProxy in front of the instances, as `npm run cluster` and the cluster test run it: Debian's
 * binary with the repository's deploy/haproxy/haproxy.cfg, used as it is (its addresses come
 * from the environment, which HAProxy reads itself), in the foreground as a child, and its stats
 * page read for each instance's state.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PROJECT_ROOT } from "../../src/paths.js";

export const HAPROXY_CONFIG = join(PROJECT_ROOT, "deploy", "haproxy", "haproxy.cfg");
/** The backend and server names of deploy/haproxy/haproxy.cfg: each instance's INSTANCE_ID is its server's name. */
export const HAPROXY_BACKEND = "instances";
export const HAPROXY_SERVERS = ["instance-1", "instance-2", "instance-3"] as const;

/** What differs between runs: where clients and the stats page connect, and the three instances (host:port). */
export type ProxyLayout = {
  bind: string;
  statsBind: string;
  instances: readonly [string, string, string];
  /** HAProxy's idle timeout of a connection (`60s` unless set), for a test that outlives a shorter one. */
  idleTimeout?: string;
};

/** Debian's haproxy: on PATH, or in /usr/sbin, which a non-root PATH often lacks. Null when neither. */
export function haproxyBinary(): string | null {
  const found = spawnSync("haproxy", ["-v"], { encoding: "utf8" });
  if (found.status === 0) return "haproxy";
  return existsSync("/usr/sbin/haproxy") ? "/usr/sbin/haproxy" : null;
}

/** The environment deploy/haproxy/haproxy.cfg reads (its header lists the names). */
export function haproxyEnv(layout: ProxyLayout): NodeJS.ProcessEnv {
  const [one, two, three] = layout.instances;
  return {
    SFD_PROXY_BIND: layout.bind,
    SFD_STATS_BIND: layout.statsBind,
    SFD_INSTANCE_1: one,
    SFD_INSTANCE_2: two,
    SFD_INSTANCE_3: three,
    ...(layout.idleTimeout ? { SFD_IDLE_TIMEOUT: layout.idleTimeout } : {}),
  };
}

/** `haproxy -c`: the configuration as this layout makes it, or an error with HAProxy's own words. */
export function checkHaproxyConfig(binary: string, layout: ProxyLayout): void {
  const check = spawnSync(binary, ["-c", "-q", "-f", HAPROXY_CONFIG], { env: { ...process.env, ...haproxyEnv(layout) }, encoding: "utf8" });
  if (check.status !== 0) throw new Error(`haproxy -c -f ${HAPROXY_CONFIG} failed:\n${check.stdout}${check.stderr}`);
}

/** The stats page's URL for a layout (its CSV: the same with `;csv`). */
export function statsUrl(layout: ProxyLayout): string {
  return `http://${layout.statsBind}/stats`;
}

/**
 * Starts HAProxy in the foreground (`-db`) as a child, its request log on `stdout` (a file
 * descriptor) and its errors on ours, and waits until its stats page answers.
 */
export async function startHaproxy(binary: string, layout: ProxyLayout, stdout: number | "ignore" = "ignore"): Promise<ChildProcess> {
  checkHaproxyConfig(binary, layout);
  const child = spawn(binary, ["-db", "-f", HAPROXY_CONFIG], {
    env: { ...process.env, ...haproxyEnv(layout) },
    stdio: ["ignore", stdout, "inherit"],
  });
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode} (is ${layout.bind} or ${layout.statsBind} in use?)`);
    if (await fetch(statsUrl(layout)).then((r) => r.ok, () => false)) return child;
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`haproxy's stats page ${statsUrl(layout)} did not answer within 10 s`);
}

/** Each instance's state as HAProxy sees it: `UP`, `DOWN`, `UP 1/2` (going down), `DOWN 1/2` (coming up), `MAINT`. */
export async function serverStates(layout: ProxyLayout): Promise<Map<string, string>> {
  return parseServerStates(await statsCsv(layout));
}

/** The stats page as CSV, as it is now. */
async function statsCsv(layout: ProxyLayout): Promise<string> {
  const response = await fetch(`${statsUrl(layout)};csv`);
  if (!response.ok) throw new Error(`${statsUrl(layout)};csv answered ${response.status}`);
  return response.text();
}

/** The stats CSV's rows (`# pxname,svname,...`), each by column name. */
export function statsRows(csv: string): Array<Record<string, string>> {
  const [head = "", ...rows] = csv.trim().split("\n");
  const columns = head.replace(/^# /, "").split(",");
  if (!["pxname", "svname", "status"].every((name) => columns.includes(name))) throw new Error(`not HAProxy's stats CSV: ${head.slice(0, 80)}`);
  return rows.map((row) => {
    const cells = row.split(",");
    return Object.fromEntries(columns.map((name, i) => [name, cells[i] ?? ""]));
  });
}

/** The instances' rows of the stats CSV, by server name. */
export function parseServerStates(csv: string): Map<string, string> {
  const states = new Map<string, string>();
  for (const row of statsRows(csv)) {
    if (row.pxname === HAPROXY_BACKEND && (HAPROXY_SERVERS as readonly string[]).includes(row.svname!)) states.set(row.svname!, row.status!);
  }
  return states;
}

/** The backend's requests resent so far (`wretr`) and resent to another instance (`wredis`). */
export async function backendRetries(layout: ProxyLayout): Promise<{ retried: number; redispatched: number }> {
  const row = statsRows(await statsCsv(layout)).find((r) => r.pxname === HAPROXY_BACKEND && r.svname === "BACKEND");
  if (!row) throw new Error(`no ${HAPROXY_BACKEND} backend row on HAProxy's stats page`);
  return { retried: Number(row.wretr || 0), redispatched: Number(row.wredis || 0) };
}

/** Waits until every named instance is in the wanted state (UP or DOWN, transitions not counted); returns the milliseconds it took. */
export async function waitForStates(layout: ProxyLayout, wanted: Record<string, "UP" | "DOWN">, timeoutMs: number): Promise<number> {
  const started = Date.now();
  let last = new Map<string, string>();
  while (Date.now() - started < timeoutMs) {
    last = await serverStates(layout);
    if (Object.entries(wanted).every(([name, state]) => last.get(name) === state)) return Date.now() - started;
    await sleep(100);
  }
  const seen = [...last].map(([name, state]) => `${name} ${state}`).join(", ");
  throw new Error(`HAProxy did not see ${JSON.stringify(wanted)} within ${timeoutMs / 1000} s (last: ${seen})`);
}
