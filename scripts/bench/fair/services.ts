/**
 * The service bench:fair measures, rate limits ON (unlike every other bench: the limits are what
 * is measured), with the budget the environment gives (the service's defaults unless
 * RATE_LIMIT_PER_SECOND / RATE_LIMIT_BURST are set): one compiled instance as a child, or three
 * behind HAProxy sharing their buckets through Redis (bench:cluster's topology).
 */
import { mkdir, open } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { haproxyBinary } from "../../lib/haproxy.js";
import { redisAvailable, startRedis, type RedisServer } from "../../lib/redis-server.js";
import { freePort, serviceEntry, startService } from "../../lib/service.js";
import { ClusterTopology } from "../cluster/topology.js";

export type Budget = { perSecond: number; burst: number };

export type FairServices = {
  /** Where clients connect: the instance, or the proxy. */
  url: string;
  /** Each instance directly (one entry when alone). */
  instanceUrls: string[];
  pids: number[];
  describe: string;
  stop: () => Promise<void>;
};

export async function startFairServices(options: { instances: 1 | 3; prefix: string; budget: Budget; logDir: string }): Promise<FairServices> {
  const { prefix, budget, logDir } = options;
  await mkdir(logDir, { recursive: true });
  const entry = await serviceEntry();
  // Stated, not left to the default: scripts/lib/service.ts turns limits off for every bench.
  const env = { INDEX_PREFIX: prefix, RATE_LIMIT_PER_SECOND: String(budget.perSecond), RATE_LIMIT_BURST: String(budget.burst) };
  if (options.instances === 1) {
    const port = await freePort();
    const out = await open(join(logDir, "service.log"), "w");
    try {
      const child = await startService(entry, [], { PORT: String(port), ...env }, { stdout: out.fd });
      const url = `http://127.0.0.1:${port}`;
      return { url, instanceUrls: [url], pids: [child.pid!], describe: `one instance on ${url}`, stop: async () => void child.kill("SIGTERM") };
    } finally {
      await out.close();
    }
  }
  const haproxy = haproxyBinary();
  if (!haproxy) throw new Error("haproxy is not installed: apt-get install -y haproxy");
  if (!redisAvailable) throw new Error("redis-server is not installed: apt-get install -y redis-server");
  let redis: RedisServer | undefined;
  let topology: ClusterTopology | undefined;
  try {
    redis = await startRedis();
    // The proxy's port and the three after it must be free: a free port's neighbours usually are, and startHaproxy says when not.
    topology = new ClusterTopology({ entry, proxyPort: await freePort(), statsPort: await freePort(), env: { ...env, REDIS_URL: redis.url }, logDir, haproxy });
    await topology.startProxy();
    for (let i = 0; i < 3; i++) await topology.startInstance(i);
    await topology.waitForRunning();
    const running = topology;
    const shared = redis;
    return {
      url: running.proxyUrl,
      instanceUrls: running.instances.map((instance) => instance.url),
      pids: running.runningPids(),
      describe: `three instances behind HAProxy on ${running.proxyUrl}, buckets shared in Redis ${shared.url}`,
      stop: async () => {
        await running.stopAll();
        await shared.stop();
      },
    };
  } catch (error) {
    await topology?.stopAll();
    await redis?.stop();
    throw error;
  }
}

/** Where the services' logs go: one folder per run's prefix. */
export const fairLogDir = (prefix: string): string => join(tmpdir(), `sfd-bench-fair-${prefix}`);
