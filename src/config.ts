import { hostname } from "node:os";
import { getHeapStatistics } from "node:v8";
import { z } from "zod";

/**
 * How many replicas every index gets: "auto" follows the data nodes (0 on one node, 1 on
 * more, `auto_expand_replicas: 0-1`), a number pins that count.
 */
export type IndexReplicas = "auto" | number;

/**
 * How the versioned indices are laid out on the nodes, per index family (docs/scaling.md,
 * "Live part and history"): the live part is small, changes all the time and is read on every
 * search and stream round; history is most of the bytes, never searched by the scanners and
 * read mostly by date, so it gets its own shard count, replicas and codec.
 */
export type IndexLayout = {
  /** Replicas of every index but history. */
  replicas: IndexReplicas;
  /** Primary shards of the live part. */
  fixturesShards: number;
  historyShards: number;
  historyReplicas: IndexReplicas;
  /** `best_compression` halves history's `_source`; reading a document back costs the node more (docs/scaling.md). */
  historyCodec: "default" | "best_compression";
  /** A settled fixture stays in the live part this many hours after its kick-off, then moves to history. */
  liveHours: number;
};

/** How long a settled fixture stays in the live part by default (FIXTURES_LIVE_HOURS): three days, a weekend's matches until midweek. */
export const DEFAULT_LIVE_HOURS = 72;

/** `INDEX_REPLICAS` text to its setting; null when it is neither "auto" nor a small whole number. */
export function parseIndexReplicas(value: string): IndexReplicas | null {
  if (value === "auto") return "auto";
  return /^[0-9]$/.test(value) ? Number(value) : null;
}

/**
 * The service's whole configuration, read once from the environment at start-up.
 * A bad value stops the process with a message that names the variable, so a
 * misconfigured deployment fails fast instead of answering with surprises.
 */
const indexPrefix = z
  .string()
  .regex(
    /^[a-z0-9][a-z0-9_-]{0,39}$/,
    "must be a lowercase index-name prefix (a-z, 0-9, '_' or '-', not starting with '_' or '-', at most 40 characters)",
  );

const elasticsearchUrls = z
  .string()
  .transform((value) => value.split(",").map((url) => url.trim()).filter((url) => url.length > 0))
  .pipe(z.array(z.url({ protocol: /^https?$/, error: "must be a comma-separated list of http(s) URLs" })).min(1));

/** Presented fixture JSON kept in memory by default (src/presenters/fixture-json-cache.ts): about 4 pages of 25 fixtures with odds. */
export const DEFAULT_FIXTURE_CACHE_MB = 8;

/** Admission control of API requests (src/http/admission-gate.ts, docs/operations.md "Overload"). */
export type AdmissionLimits = {
  /** Requests worked on at once (reading Elasticsearch, presenting, sending the body). */
  maxInFlight: number;
  /** Requests waiting for a slot; one more is refused at once. */
  maxQueued: number;
  /** Stream openings waiting for a slot, apart from `maxQueued` (src/http/admission-gate.ts). */
  maxQueuedStreams: number;
  /** The longest a request waits for a slot before it is refused. */
  maxWaitMs: number;
  /** The Retry-After of a refusal: when a refused client should come back. */
  retryAfterSeconds: number;
};

/**
 * Admission control defaults (src/http/admission-gate.ts; how they were chosen: docs/design.md,
 * "Overload"): requests worked on at once, requests waiting, the longest wait, and the
 * Retry-After of a refusal.
 */
/**
 * Fair share between keys (docs/operations.md, "Fair share"): a cost unit is `unitMs` of the
 * node's and this process's work; expensive requests run `maxInFlight` at once per instance, at
 * most `perKey` of one key in the lane, with at most `nodeSearches` of their searches on the node
 * (`nodeSearchesAlone` while one request's searches are the only ones), and each may run
 * `timeoutMs` (its searches carry what is left of it as their Elasticsearch timeout).
 */
export type FairShareSettings = {
  unitMs: number;
  lane: { maxInFlight: number; perKey: number; maxQueued: number; maxWaitMs: number; nodeSearches: number; nodeSearchesAlone: number };
  timeoutMs: number;
};
export const DEFAULT_FAIR_SHARE: FairShareSettings = {
  unitMs: 5,
  lane: { maxInFlight: 2, perKey: 2, maxQueued: 32, maxWaitMs: 5_000, nodeSearches: 1, nodeSearchesAlone: 1 },
  timeoutMs: 10_000,
};

export const DEFAULT_ADMISSION = { maxInFlight: 16, maxQueued: 64, maxQueuedStreams: 1_000, maxWaitMs: 1_000, retryAfterSeconds: 1 } as const;

/**
 * The streams' memory budget when STREAM_MEMORY_MB is not set: half of the process's heap limit,
 * at most 128 MB (64 MB under production's 128 MB old space). The rest of the heap is for
 * what the budget does not count: the service itself, requests in flight, a round's reads.
 * A budget as large as the heap let 2,000 streams on their own queries fill it (docs/streams.md).
 */
export function defaultStreamMemoryMb(heapLimitBytes = getHeapStatistics().heap_size_limit): number {
  return Math.max(4, Math.min(128, Math.floor(heapLimitBytes / 2 / (1024 * 1024))));
}

/**
 * The writer lease (docs/operations.md, "One writer"): its holder's heartbeat and how long a
 * waiter sees no heartbeat before it takes over. A killed writer is replaced within about
 * staleness + half a second; the holder stops writing one heartbeat before its lease could be stale.
 */
export const DEFAULT_WRITER_LEASE = { heartbeatMs: 2_000, staleAfterMs: 10_000 } as const;
/** What an instance id may hold: it is sent as the X-Instance header and written to logs as it is. */
const INSTANCE_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

/** The default INSTANCE_ID: `<hostname>:<port>`, with anything a header should not carry turned into '-'. */
export function defaultInstanceId(port: number, host: string = hostname()): string {
  return `${host.replace(/[^A-Za-z0-9._-]/g, "-").slice(0, 90) || "instance"}:${port}`;
}

/**
 * How long a SIGTERMed instance keeps answering while it reports not ready (docs/operations.md,
 * "Draining"): long enough for a proxy checking /ready every second and taking an instance out
 * after two failures (deploy/haproxy/haproxy.cfg) to notice, with room to spare.
 */
export const DEFAULT_DRAIN_SECONDS = 5;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  ELASTICSEARCH_URL: elasticsearchUrls.default(["http://127.0.0.1:9200"]),
  ELASTICSEARCH_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  ELASTICSEARCH_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  INDEX_PREFIX: indexPrefix.default("sfd"),
  INDEX_REPLICAS: z
    .string()
    .default("auto")
    .transform((value, ctx): IndexReplicas => {
      const replicas = parseIndexReplicas(value);
      if (replicas !== null) return replicas;
      ctx.addIssue({ code: "custom", message: "must be auto or a whole number from 0 to 9" });
      return z.NEVER;
    }),
  FIXTURES_SHARDS: z.coerce.number().int().min(1).max(64).default(1),
  FIXTURES_HISTORY_SHARDS: z.coerce.number().int().min(1).max(256).default(1),
  // Empty means: as INDEX_REPLICAS.
  FIXTURES_HISTORY_REPLICAS: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z
      .string()
      .optional()
      .transform((value, ctx): IndexReplicas | undefined => {
        if (value === undefined) return undefined;
        const replicas = parseIndexReplicas(value);
        if (replicas !== null) return replicas;
        ctx.addIssue({ code: "custom", message: "must be auto or a whole number from 0 to 9" });
        return z.NEVER;
      }),
  ),
  FIXTURES_HISTORY_CODEC: z.enum(["default", "best_compression"]).default("best_compression"),
  FIXTURES_LIVE_HOURS: z.coerce.number().int().min(1).max(24 * 366).default(DEFAULT_LIVE_HOURS),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
  FIXTURE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(DEFAULT_FIXTURE_CACHE_MB),
  RATE_LIMIT_PER_SECOND: z.coerce.number().min(0).max(100_000).default(40),
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000).default(80),
  COST_UNIT_MS: z.coerce.number().min(0.1).max(1_000).default(DEFAULT_FAIR_SHARE.unitMs),
  EXPENSIVE_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(1_000).default(DEFAULT_FAIR_SHARE.lane.maxInFlight),
  EXPENSIVE_PER_KEY: z.coerce.number().int().min(1).max(1_000).default(DEFAULT_FAIR_SHARE.lane.perKey),
  EXPENSIVE_MAX_QUEUED: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_FAIR_SHARE.lane.maxQueued),
  EXPENSIVE_MAX_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(DEFAULT_FAIR_SHARE.lane.maxWaitMs),
  EXPENSIVE_NODE_SEARCHES: z.coerce.number().int().min(1).max(1_000).default(DEFAULT_FAIR_SHARE.lane.nodeSearches),
  EXPENSIVE_NODE_SEARCHES_ALONE: z.coerce.number().int().min(1).max(1_000).optional(),
  EXPENSIVE_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(DEFAULT_FAIR_SHARE.timeoutMs),
  STREAMS_PER_KEY: z.coerce.number().int().min(1).max(10_000).default(10),
  STREAM_SNAPSHOT_MAX: z.coerce.number().int().min(1).max(5_000).default(1_000),
  STREAM_POLL_MS: z.coerce.number().int().min(50).max(5_000).default(100),
  STREAM_REFRESH_MS: z.coerce.number().int().min(1_000).max(60_000).default(30_000),
  STREAM_HEARTBEAT_MS: z.coerce.number().int().min(500).max(15_000).default(15_000),
  STREAM_BUFFER_MAX_KB: z.coerce.number().int().min(16).max(1_048_576).default(8_192),
  STREAM_MEMORY_MB: z.coerce.number().int().min(4).max(65_536).optional(),
  STREAM_MAX_QUERIES: z.coerce.number().int().min(1).max(100_000).default(5_000),
  ADMISSION_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(10_000).default(DEFAULT_ADMISSION.maxInFlight),
  ADMISSION_MAX_QUEUED: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_ADMISSION.maxQueued),
  ADMISSION_MAX_QUEUED_STREAMS: z.coerce.number().int().min(0).max(100_000).default(DEFAULT_ADMISSION.maxQueuedStreams),
  ADMISSION_MAX_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(DEFAULT_ADMISSION.maxWaitMs),
  WRITER_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_WRITER_LEASE.heartbeatMs),
  WRITER_STALE_AFTER_MS: z.coerce.number().int().min(300).max(600_000).default(DEFAULT_WRITER_LEASE.staleAfterMs),
  ADMISSION_RETRY_AFTER_S: z.coerce.number().int().min(1).max(3_600).default(DEFAULT_ADMISSION.retryAfterSeconds),
  // Empty (REDIS_URL= in a compose file) means no shared state: every limit holds per instance.
  REDIS_URL: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
  ),
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(5).max(10_000).default(250),
  // Empty means the default, `<hostname>:<port>`.
  INSTANCE_ID: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().regex(INSTANCE_ID_PATTERN, "must be 1-100 characters of A-Z, a-z, 0-9, '.', '_', ':' or '-' (it is sent as the X-Instance header)").optional(),
  ),
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(DEFAULT_DRAIN_SECONDS),
  // Empty (METRICS_TOKEN= in a compose file) means no token, not a 0-character one.
  METRICS_TOKEN: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().min(16, "must be at least 16 characters (it guards /metrics from anywhere but loopback)").optional(),
  ),
});

export type Config = {
  port: number;
  host: string;
  /** Names this instance in every response's X-Instance header (INSTANCE_ID). */
  instanceId: string;
  /** Seconds a SIGTERMed instance drains before it closes (docs/operations.md, "Draining"). */
  drainSeconds: number;
  elasticsearch: { nodes: string[]; requestTimeoutMs: number; maxRetries: number };
  indexPrefix: string;
  indexReplicas: IndexReplicas;
  /** Shards, replicas and codec per index family, and how long a settled fixture stays live (src/store/index-layout.ts). */
  indexLayout: IndexLayout;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  keyCacheTtlMs: number;
  /** Bytes of presented fixture JSON kept in memory (src/presenters/fixture-json-cache.ts); 0 turns the cache off. */
  fixtureCacheBytes: number;
  /** Per key, in cost units: units refilled per second (0 turns limiting off) and the bucket size. */
  rateLimit: { perSecond: number; burst: number };
  /** What a cost unit is, the lane of expensive requests and how long they may run (docs/operations.md, "Fair share"). */
  fairShare: FairShareSettings;
  metricsToken: string | null;
  /**
   * Where the keys' rate limits and stream slots are shared by every instance (docs/operations.md,
   * "Limits across instances"); null: each instance limits on its own. Keys are namespaced by the
   * index prefix, so instances of one deployment share them and another deployment does not.
   */
  sharedState: { url: string; timeoutMs: number; keyPrefix: string } | null;
  /** API requests worked on at once, waiting, the longest wait and a refusal's Retry-After; null when ADMISSION_MAX_IN_FLIGHT is 0. */
  admission: AdmissionLimits | null;
  /** Streams (docs/streams.md): open streams per key, the largest result set a stream holds, and its timings. */
  streams: {
    perKey: number;
    snapshotMax: number;
    pollMs: number;
    refreshMs: number;
    heartbeatMs: number;
    maxBufferedBytes: number;
    /** The memory budget of every stream together (docs/streams.md, "What bounds memory"). */
    memoryBytes: number;
    /** Distinct standing queries at most. */
    maxQueries: number;
  };
  /** The writer lease of the live feed: heartbeat, staleness, and how often a waiter looks. */
  writer: { heartbeatMs: number; staleAfterMs: number; pollMs: number };
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join("\n  ")}`);
  }
  const e = parsed.data;
  if (e.WRITER_STALE_AFTER_MS < 3 * e.WRITER_HEARTBEAT_MS) {
    // The holder stops writing one heartbeat before staleness, and one missed beat must not cost the lease.
    throw new ConfigError("Invalid configuration:\n  WRITER_STALE_AFTER_MS: must be at least 3 times WRITER_HEARTBEAT_MS");
  }
  if (e.EXPENSIVE_NODE_SEARCHES_ALONE !== undefined && e.EXPENSIVE_NODE_SEARCHES_ALONE < e.EXPENSIVE_NODE_SEARCHES) {
    throw new ConfigError("Invalid configuration:\n  EXPENSIVE_NODE_SEARCHES_ALONE: must be at least EXPENSIVE_NODE_SEARCHES");
  }
  return {
    port: e.PORT,
    host: e.HOST,
    instanceId: e.INSTANCE_ID ?? defaultInstanceId(e.PORT),
    drainSeconds: e.DRAIN_SECONDS,
    elasticsearch: {
      nodes: e.ELASTICSEARCH_URL,
      requestTimeoutMs: e.ELASTICSEARCH_REQUEST_TIMEOUT_MS,
      maxRetries: e.ELASTICSEARCH_MAX_RETRIES,
    },
    indexPrefix: e.INDEX_PREFIX,
    indexReplicas: e.INDEX_REPLICAS,
    indexLayout: {
      replicas: e.INDEX_REPLICAS,
      fixturesShards: e.FIXTURES_SHARDS,
      historyShards: e.FIXTURES_HISTORY_SHARDS,
      historyReplicas: e.FIXTURES_HISTORY_REPLICAS ?? e.INDEX_REPLICAS,
      historyCodec: e.FIXTURES_HISTORY_CODEC,
      liveHours: e.FIXTURES_LIVE_HOURS,
    },
    logLevel: e.LOG_LEVEL,
    keyCacheTtlMs: e.KEY_CACHE_TTL_MS,
    fixtureCacheBytes: e.FIXTURE_CACHE_MB * 1024 * 1024,
    rateLimit: { perSecond: e.RATE_LIMIT_PER_SECOND, burst: e.RATE_LIMIT_BURST },
    fairShare: {
      unitMs: e.COST_UNIT_MS,
      lane: { maxInFlight: e.EXPENSIVE_MAX_IN_FLIGHT, perKey: e.EXPENSIVE_PER_KEY, maxQueued: e.EXPENSIVE_MAX_QUEUED, maxWaitMs: e.EXPENSIVE_MAX_WAIT_MS, nodeSearches: e.EXPENSIVE_NODE_SEARCHES, nodeSearchesAlone: e.EXPENSIVE_NODE_SEARCHES_ALONE ?? e.EXPENSIVE_NODE_SEARCHES },
      timeoutMs: e.EXPENSIVE_TIMEOUT_MS,
    },
    metricsToken: e.METRICS_TOKEN ?? null,
    sharedState: e.REDIS_URL ? { url: e.REDIS_URL, timeoutMs: e.REDIS_TIMEOUT_MS, keyPrefix: `sfd:${e.INDEX_PREFIX}:` } : null,
    admission:
      e.ADMISSION_MAX_IN_FLIGHT === 0
        ? null
        : {
            maxInFlight: e.ADMISSION_MAX_IN_FLIGHT,
            maxQueued: e.ADMISSION_MAX_QUEUED,
            maxQueuedStreams: e.ADMISSION_MAX_QUEUED_STREAMS,
            maxWaitMs: e.ADMISSION_MAX_WAIT_MS,
            retryAfterSeconds: e.ADMISSION_RETRY_AFTER_S,
          },
    streams: {
      perKey: e.STREAMS_PER_KEY,
      snapshotMax: e.STREAM_SNAPSHOT_MAX,
      pollMs: e.STREAM_POLL_MS,
      refreshMs: e.STREAM_REFRESH_MS,
      heartbeatMs: e.STREAM_HEARTBEAT_MS,
      maxBufferedBytes: e.STREAM_BUFFER_MAX_KB * 1024,
      memoryBytes: (e.STREAM_MEMORY_MB ?? defaultStreamMemoryMb()) * 1024 * 1024,
      maxQueries: e.STREAM_MAX_QUERIES,
    },
    writer: {
      heartbeatMs: e.WRITER_HEARTBEAT_MS,
      staleAfterMs: e.WRITER_STALE_AFTER_MS,
      pollMs: Math.max(50, Math.min(500, Math.floor(e.WRITER_HEARTBEAT_MS / 4))),
    },
  };
}
