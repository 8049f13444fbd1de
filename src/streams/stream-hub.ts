import { randomBytes } from "node:crypto";
import type { Client } from "@elastic/elasticsearch";
import type { KeyCache } from "../auth/key-cache.js";
import type { Logger } from "../logger.js";
import { ChangeFeed, type FeedPoll } from "./change-feed.js";
import { closeReason } from "./close-reason.js";
import { HistoryPool } from "./history-pool.js";
import { HubUpkeep } from "./hub-upkeep.js";
import { QueryRegistry } from "./query-registry.js";
import { RoundContext, type RoundHooks } from "./round-context.js";
import { runRound } from "./round-runner.js";
import { planRound } from "./round-planner.js";
import { StandingReader } from "./standing-reader.js";
import type { DataPoint, IssuedEvent, StandingQuery, StandingQuerySpec } from "./standing-query.js";
import { StreamBudget, streamsToDrop } from "./stream-budget.js";
import type { Subscriber } from "./subscriber.js";
import { parseResumePoint, shortHash } from "./resume-point.js";
import type { SharedSlots } from "../shared-state/shared-slots.js";

/**
 * Every open stream of this instance, grouped into standing queries, coordinated: the change
 * feed is polled a few times a second; a round (round-runner.ts) asks Elasticsearch about what
 * changed for every query at once, reads the snapshots new subscribers wait for, and checks
 * memberships as windows move; the registry bounds who holds what, the budget bounds memory,
 * the upkeep keeps quiet streams alive. See docs/streams.md.
 */
export type StreamHubOptions = {
  pollMs: number;
  overlapMs: number;
  refreshMs: number;
  heartbeatMs: number;
  snapshotMax: number;
  perKey: number;
  lingerMs: number;
  historySize: number;
  maxBufferedBytes: number;
  keyCheckMs: number;
  /** Distinct standing queries held at most (STREAM_MAX_QUERIES). */
  maxQueries: number;
  /** The streams' memory budget (STREAM_MEMORY_MB), in bytes. */
  memoryBytes: number;
  /** How often membership checks run, for the queries due since the last ones. */
  checkEveryMs: number;
  /** Snapshots read per round at most. */
  snapshotsPerRound: number;
};

export const DEFAULT_STREAM_HUB_OPTIONS: StreamHubOptions = {
  pollMs: 100,
  overlapMs: 5_000,
  refreshMs: 30_000,
  heartbeatMs: 15_000,
  snapshotMax: 1_000,
  perKey: 10,
  lingerMs: 60_000,
  historySize: 1_000,
  maxBufferedBytes: 8 * 1024 * 1024,
  keyCheckMs: 1_000,
  maxQueries: 5_000,
  memoryBytes: 128 * 1024 * 1024,
  checkEveryMs: 1_000,
  snapshotsPerRound: 1_000,
};

/** Replay history's share of the memory budget. */
const HISTORY_SHARE = 0.25;

/** A query whose result set is larger than a stream holds: a 400 before the stream starts. */
export class TooManyFixturesError extends Error {
  constructor(readonly limit: number) {
    super(`the query matches more than ${limit} fixtures`);
  }
}

/** The instance is stopping: no new stream starts here (the client should try again, elsewhere). */
export class StreamHubClosedError extends Error {
  constructor() {
    super("the service is shutting down");
  }
}

/** The streams' memory budget or the distinct-query cap is reached: a 503 with Retry-After before the stream starts. */
export class StreamCapacityError extends Error {
  constructor(readonly limit: "memory" | "queries") {
    super(limit === "memory" ? "the streams' memory budget is used up" : "the instance holds its maximum of distinct stream queries");
  }
}

/** One of a key's stream slots, held while its stream is open; `release` gives it back on every instance. */
export type StreamSlot = { release: () => void };

const LOCAL_SLOT: StreamSlot = { release: () => {} };

/** What one round did, for the metrics and the benchmark. */
export type RoundStats = { ms: number; searches: number; changed: number; queries: number };

export type StreamHubHooks = {
  /** Told how many subscribers each event reached. */
  delivered: (event: string, subscribers: number) => void;
  /** Told when a membership check corrects what change rounds missed. */
  corrected: (fixtures: number) => void;
  /** Told when open streams are dropped to hold the memory budget. */
  droppedForMemory: (streams: number) => void;
  /** Told after every round that asked Elasticsearch something. */
  round: (stats: RoundStats) => void;
};

const NO_HOOKS: StreamHubHooks = { delivered: () => {}, corrected: () => {}, droppedForMemory: () => {}, round: () => {} };

export class StreamHub {
  readonly options: StreamHubOptions;
  private readonly instanceTag = randomBytes(3).toString("hex");
  private readonly history: HistoryPool;
  private readonly registry: QueryRegistry;
  private readonly budget: StreamBudget;
  private readonly feed: ChangeFeed;
  private readonly reader: StandingReader;
  private readonly upkeep: HubUpkeep;
  private readonly hooks: StreamHubHooks;
  /** Fixtures to ask about again next round (round-context.ts, `carry`). */
  private carried = new Set<number>();
  /** Open streams dropped to hold the memory budget since the start. */
  droppedForMemory = 0;
  private lastCheckAt = 0;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private faulted = false;
  private closed = false;

  constructor(
    es: Client,
    fixturesAlias: string,
    keys: KeyCache,
    private readonly logger: Logger,
    options: Partial<StreamHubOptions> = {},
    hooks: Partial<StreamHubHooks> = {},
    /** A key's streams counted on every instance together (REDIS_URL); null: on this instance alone. */
    private readonly sharedSlots: SharedSlots | null = null,
  ) {
    this.options = { ...DEFAULT_STREAM_HUB_OPTIONS, ...options };
    this.hooks = { ...NO_HOOKS, ...hooks };
    this.history = new HistoryPool(Math.floor(this.options.memoryBytes * HISTORY_SHARE));
    this.budget = new StreamBudget(this.options.memoryBytes, this.history);
    this.registry = new QueryRegistry(this.options, this.instanceTag, this.history);
    this.feed = new ChangeFeed(es, fixturesAlias, { overlapMs: this.options.overlapMs, preference: this.instanceTag });
    this.reader = new StandingReader(es, fixturesAlias, this.instanceTag);
    this.upkeep = new HubUpkeep(this.registry, keys, this.options);
  }

  get openStreams(): number {
    return this.registry.openStreams;
  }

  get distinctQueries(): number {
    return this.registry.size;
  }

  /** Bytes the streams hold by the budget's account, and the budget. */
  get memory(): { used: number; budget: number } {
    this.registry.recount();
    return { used: this.budget.used(this.registry.use()), budget: this.budget.maxBytes };
  }

  /** Whether a key may open one more stream (what HEAD answers, without taking the slot). */
  async hasRoom(keyId: string): Promise<boolean> {
    if (!this.registry.hasRoom(keyId)) return false;
    return (await this.sharedSlots?.hasRoom(keyId, this.options.perKey)) ?? true;
  }

  /**
   * Takes one of a key's stream slots, or null when it holds its maximum already: on every
   * instance together when the slots are shared, on this one alone otherwise (and while Redis
   * does not answer). The instance's own count is kept either way: it is what the gauges show.
   */
  async reserve(keyId: string): Promise<StreamSlot | null> {
    if (!this.registry.hasRoom(keyId)) return null;
    const shared = this.sharedSlots ? await this.sharedSlots.take(keyId, this.options.perKey) : null;
    if (shared === false) return null;
    // Another opening of the key may have taken the last local slot while Redis answered.
    if (!this.registry.reserve(keyId)) {
      if (shared) this.sharedSlots!.release(keyId, shared);
      return null;
    }
    return shared ? { release: () => this.sharedSlots!.release(keyId, shared) } : LOCAL_SLOT;
  }

  /**
   * Subscribes to the standing query `spec` describes. Resolves once the subscriber holds
   * what it starts with (what it missed since `Last-Event-ID`, or a snapshot); rejects, before
   * anything was sent, when the query matches too many fixtures, the instance has no room
   * (StreamCapacityError) or Elasticsearch fails.
   */
  join(spec: StandingQuerySpec, subscriber: Subscriber): Promise<void> {
    if (this.closed) return Promise.reject(new StreamHubClosedError());
    if (!this.registry.roomFor(spec.key)) return Promise.reject(new StreamCapacityError("queries"));
    const known = this.registry.get(spec.key) !== undefined;
    if (!this.budget.fits(this.registry.use(), !known)) return Promise.reject(new StreamCapacityError("memory"));
    const query = this.registry.queryFor(spec);
    query.idleSince = null;
    const missed = query.replaySince(subscriber.lastEventId);
    if (missed !== null) {
      query.resume(subscriber, missed);
      return Promise.resolve();
    }
    // Another instance's id (or a restarted one's): the round decides whether it can resume from it.
    subscriber.resumeFrom = parseResumePoint(subscriber.lastEventId);
    query.waiting.push(subscriber);
    const joined = this.registry.awaitJoin(subscriber);
    this.schedule(0);
    return joined;
  }

  /** A subscriber's stream ended: its slot and its place in its query are given back. */
  release(subscriber: Subscriber, spec: StandingQuerySpec): void {
    this.registry.release(subscriber, spec.key);
  }

  /** Ends every stream (SIGTERM): clients reconnect, to this instance or another. */
  close(): void {
    this.closed = true;
    this.sharedSlots?.stop();
    if (this.timer) clearTimeout(this.timer);
    this.upkeep.stop();
    // Those still waiting for a snapshot get an answer first (503), then every stream ends.
    this.registry.rejectAllJoins(new StreamHubClosedError());
    for (const subscriber of [...this.registry.subscribers()]) subscriber.close(closeReason("shutting-down", "the service is shutting down"));
    this.registry.clear();
  }

  private schedule(delayMs: number): void {
    if (this.closed || this.running || this.registry.size === 0) return;
    if (this.timer) {
      if (delayMs > 0) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => void this.run(), delayMs);
  }

  private async run(): Promise<void> {
    this.timer = null;
    this.running = true;
    const started = Date.now();
    try {
      await this.tick();
    } catch (error) {
      // Whatever failed, nobody waits for an answer that will not come, and nothing held is trusted.
      this.logger.error({ err: error }, "stream round failed");
      this.fault(error as Error);
    } finally {
      this.running = false;
      this.holdBudget();
      // Rounds start every pollMs (not pollMs after the last one ended), so a slow round does not stretch every delay.
      this.schedule(Math.max(1, this.options.pollMs - (Date.now() - started)));
    }
  }

  /** One round: read what changed, ask Elasticsearch about it for every query at once, send the differences. */
  private async tick(): Promise<void> {
    let poll: FeedPoll;
    try {
      poll = await this.feed.poll();
    } catch (error) {
      this.fault(error as Error);
      return;
    }
    if (this.faulted) {
      this.faulted = false;
      this.logger.info("stream change feed reads again; every standing query is evaluated in full");
      for (const query of this.registry.all()) query.needsFull = true;
    }
    if (poll.reset) {
      this.logger.info("a rebuild put new fixtures behind the alias; every stream gets a fresh snapshot");
      for (const query of this.registry.all()) query.resnapshot = true;
      this.carried.clear();
    }
    const now = Date.now();
    this.registry.sweep(now);
    const ids = [...new Set([...poll.ids, ...this.carried])];
    const checkRound = now - this.lastCheckAt >= this.options.checkEveryMs;
    const plan = planRound(this.registry.all(), { changed: ids.length > 0, checkRound, now }, this.options);
    if (checkRound) this.lastCheckAt = now;
    if (plan.snapshots.length + plan.changes.length + plan.checks.length + plan.failed.length === 0) {
      this.settle();
      return;
    }
    const searchesBefore = this.reader.searches;
    const waitedBefore = { ...this.reader.waited };
    const documentsBefore = this.reader.documentsRead;
    const round = new RoundContext(this.reader, this.roundHooks(), this.options.snapshotMax, new Date(now), this.options.refreshMs);
    try {
      await runRound(round, plan, ids);
    } catch (error) {
      this.fault(error as Error);
      return;
    }
    this.carried = round.carry;
    // A fixture carried was judged at an older version than stored: its write is not all sent yet.
    if (this.carried.size === 0) this.settle();
    const stats = { ms: Date.now() - now, searches: this.reader.searches - searchesBefore, changed: ids.length, queries: this.registry.size };
    this.hooks.round(stats);
    this.logger.debug(
      { ...stats, ms: round.timings, waited: difference(this.reader.waited, waitedBefore), documents: this.reader.documentsRead - documentsBefore, asked: { snapshots: plan.snapshots.length, changes: plan.changes.length, checks: plan.checks.length } },
      "stream round",
    );
  }

  /** The live index behind the alias (hashed) and the change feed's watermark, for resume points. */
  private dataPoint(): DataPoint | null {
    const identity = this.feed.dataIdentity;
    return identity === null ? null : { dataHash: shortHash(identity), watermarkMs: this.feed.watermarkMs };
  }

  /**
   * After a round in which every query that holds a membership judged every change the feed has
   * reported: their event ids from now on carry this point (resume-point.ts). Queries waiting for
   * a full evaluation hold nothing trusted and keep the point they had.
   */
  private settle(): void {
    const point = this.dataPoint();
    if (point === null) return;
    for (const query of this.registry.all()) if (!query.wantsSnapshot) query.settle(point);
  }

  private roundHooks(): RoundHooks {
    return {
      joined: (subscribers) => {
        for (const subscriber of subscribers) this.registry.resolveJoin(subscriber);
      },
      issued: (events) => this.count(events),
      failed: (query, error) => this.queryFailed(query, error),
      tooLarge: (query) => this.tooLarge(query),
      corrected: (query, fixtures) => {
        this.logger.warn({ query: query.id, fixtures }, "a membership check corrected what the change rounds missed");
        this.hooks.corrected(fixtures);
      },
      uncounted: (error, fixtures, queries) => {
        this.logger.warn({ err: error, fixtures, queries }, "a membership check could not read the stored versions: fixtures that left are not counted as corrections");
      },
      reportedVersion: (id) => this.feed.reportedVersion(id),
      yielding: () => this.holdBudget(),
      dataPoint: () => this.dataPoint(),
    };
  }

  /**
   * Counts what the streams hold again (`recount`) and keeps what they hold unsent within the budget while they run, not only when one
   * opens: a burst of events to clients that do not read makes every one of them hold more.
   * Past half the budget, the streams holding the most unsent are dropped as slow clients
   * (their bytes go with them) until the unsent are back within it, never one that keeps up.
   * A dropped client that reconnects with its `Last-Event-ID` is replayed to, or refused with
   * a 503 while the instance is full.
   */
  private holdBudget(): void {
    this.registry.recount();
    const over = this.registry.use().unsentBytes - this.budget.unsentLimit;
    if (over <= 0) return;
    const holding = [...this.registry.subscribers()].map((stream) => ({ stream, unsent: stream.unsentBytes }));
    const dropped = streamsToDrop(holding, over);
    if (dropped.length === 0) return;
    for (const { stream, unsent } of dropped) {
      stream.close(closeReason("slow-client", `the streams' unsent bytes passed half their memory budget and this stream held the most (${unsent} bytes)`));
    }
    this.registry.recount();
    this.droppedForMemory += dropped.length;
    this.hooks.droppedForMemory(dropped.length);
    this.logger.warn({ dropped: dropped.length, unsent: dropped.reduce((sum, { unsent }) => sum + unsent, 0) }, "streams' unsent bytes past half their memory budget: those holding the most were dropped");
  }

  private count(events: readonly IssuedEvent[]): void {
    for (const event of events) this.hooks.delivered(event.name, event.to);
  }

  private queryFailed(query: StandingQuery, error: Error): void {
    query.needsFull = true;
    this.logger.warn({ query: query.id, err: error }, "a standing query could not be answered; it is read in full next round");
    this.registry.rejectWaiting(query, error);
  }

  /** The query is dropped, history and all: a reconnect starts a new one and gets the 400. */
  private tooLarge(query: StandingQuery): void {
    this.registry.drop(query);
    this.registry.rejectWaiting(query, new TooManyFixturesError(this.options.snapshotMax));
    for (const subscriber of [...query.subscribers]) {
      subscriber.close(closeReason("result-set-too-large", `the result set grew past ${this.options.snapshotMax} fixtures`));
    }
  }

  /** Elasticsearch failed: open streams stay open (heartbeats go on); those waiting get the fault. */
  private fault(error: Error): void {
    if (!this.faulted) this.logger.warn({ err: error }, "streams cannot read Elasticsearch; open streams wait for it");
    this.faulted = true;
    this.carried.clear();
    for (const query of this.registry.all()) {
      query.needsFull = true;
      this.registry.rejectWaiting(query, error);
    }
    this.registry.rejectAllJoins(error);
  }
}

function difference<T extends Record<string, number>>(after: T, before: T): T {
  return Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - (before[key] ?? 0)])) as T;
}
