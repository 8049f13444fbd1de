/**
 * bench:cluster's processes: three instances of the compiled service behind Debian's HAProxy
 * (deploy/haproxy/haproxy.cfg as `npm run cluster` runs it), each started, stopped, killed and
 * restarted on its own port, so a phase can take one away and bring it back; HAProxy's stats
 * tell when it sees an instance up and how many requests it retried.
 */
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { backendRetries, HAPROXY_SERVERS, startHaproxy, waitForStates, type ProxyLayout } from "../../lib/haproxy.js";
import { startService } from "../../lib/service.js";

const HOST = "127.0.0.1";

export type Instance = { name: string; url: string; port: number; child: ChildProcess | null };

export type TopologyOptions = {
  entry: string;
  /** The proxy listens here, the instances on the next three ports. */
  proxyPort: number;
  statsPort: number;
  /** What every instance gets besides its port and name (Elasticsearch, prefix, Redis). */
  env: NodeJS.ProcessEnv;
  logDir: string;
  haproxy: string;
};

/** The proxy's own count of what it did again: a request resent (`wretr`) and resent to another instance (`wredis`). */
export type Retries = { retried: number; redispatched: number };

export class ClusterTopology {
  readonly instances: Instance[];
  readonly layout: ProxyLayout;
  private proxy: ChildProcess | null = null;

  constructor(private readonly options: TopologyOptions) {
    this.instances = HAPROXY_SERVERS.map((name, i) => {
      const port = options.proxyPort + 1 + i;
      return { name, port, url: `http://${HOST}:${port}`, child: null };
    });
    const [one, two, three] = this.instances.map((instance) => `${HOST}:${instance.port}`) as [string, string, string];
    this.layout = { bind: `${HOST}:${options.proxyPort}`, statsBind: `${HOST}:${options.statsPort}`, instances: [one, two, three] };
  }

  get proxyUrl(): string {
    return `http://${this.layout.bind}`;
  }

  get proxyPid(): number | null {
    return this.proxy?.pid ?? null;
  }

  /** The pids of the instances running now. */
  runningPids(): number[] {
    return this.instances.flatMap((instance) => (instance.child?.pid !== undefined && running(instance.child) ? [instance.child.pid] : []));
  }

  /**
   * Starts instance `i` (0-2) as production runs one behind a proxy: the default rate limit on
   * (keys carry their own), a 5 s drain on SIGTERM. Its log is appended to across restarts.
   */
  async startInstance(i: number): Promise<void> {
    const instance = this.instances[i]!;
    const out = await open(join(this.options.logDir, `${instance.name}.log`), "a");
    try {
      const env = { PORT: String(instance.port), INSTANCE_ID: instance.name, RATE_LIMIT_PER_SECOND: "20", DRAIN_SECONDS: "5", ...this.options.env };
      instance.child = await startService(this.options.entry, [], env, { stdout: out.fd });
    } finally {
      await out.close();
    }
  }

  /** Sends `signal` to instance `i` and waits for it to exit; returns the milliseconds it took. */
  async stopInstance(i: number, signal: "SIGTERM" | "SIGKILL"): Promise<number> {
    const child = this.instances[i]!.child;
    if (!child || !running(child)) return 0;
    const started = Date.now();
    const exited = once(child, "exit");
    child.kill(signal);
    await exited;
    return Date.now() - started;
  }

  async startProxy(): Promise<void> {
    const out = await open(join(this.options.logDir, "haproxy.log"), "a");
    try {
      this.proxy = await startHaproxy(this.options.haproxy, this.layout, out.fd);
    } finally {
      await out.close();
    }
  }

  /** Waits until HAProxy sees each named instance in its state; returns the milliseconds. */
  waitFor(wanted: Record<string, "UP" | "DOWN">, timeoutMs = 30_000): Promise<number> {
    return waitForStates(this.layout, wanted, timeoutMs);
  }

  /** Waits until HAProxy sees the running instances up and the others down. */
  waitForRunning(timeoutMs = 30_000): Promise<number> {
    return this.waitFor(Object.fromEntries(this.instances.map((instance) => [instance.name, instance.child && running(instance.child) ? "UP" : "DOWN"])), timeoutMs);
  }

  /** The backend's retries and redispatches so far, from the stats CSV. */
  retries(): Promise<Retries> {
    return backendRetries(this.layout);
  }

  /** Stops the proxy and every instance at once (SIGKILL: the run is over, nothing to drain for). */
  async stopAll(): Promise<void> {
    const children = [this.proxy, ...this.instances.map((instance) => instance.child)].filter((child): child is ChildProcess => child !== null && running(child));
    await Promise.all(
      children.map(async (child) => {
        const exited = once(child, "exit");
        child.kill("SIGKILL");
        await exited;
      }),
    );
  }
}

const running = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;
