import { randomBytes } from "node:crypto";
import type { Client, estypes } from "@elastic/elasticsearch";
import type { KeyCache } from "../auth/key-cache.js";
import type { Logger } from "../logger.js";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { membershipOf, restrictedTo, wholeResultSet } from "../search/streams/standing-request.js";
import { multiSearch } from "../store/multi-search.js";
import { ChangeFeed, type FeedPoll } from "./change-feed.js";
import { SSE_HEARTBEAT } from "./sse-frames.js";
import { StandingQuery, type FixtureHit, type IssuedEvent, type StandingQuerySpec } from "./standing-query.js";
import type { Subscriber } from "./subscriber.js";

/**
 * Every open stream of this instance, grouped into standing queries: the change feed is
 * polled a few times a second, and each poll costs one `_msearch` with one search per
 * distinct query (restricted to the fixtures that changed), however many clients watch.
 * Each query is also evaluated in full every `refreshMs` (windows move with time even when
 * nothing is written) and whenever a client needs a snapshot. See docs/streams.md.
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
};

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

/**
 * What one round asks about one standing query: its whole result set with documents (a
 * snapshot), its whole result set as ids and versions (a membership check: windows move with
 * time), or only the fixtures that changed.
 */
type Plan = { query: StandingQuery; kind: "snapshot" | "membership" | "changes"; ids: number[]; request: estypes.SearchRequest };
type PendingJoin = { resolve: () => void; reject: (error: Error) => void };

export class StreamHub {
  readonly options: StreamHubOptions;
  private readonly queries = new Map<string, StandingQuery>();
  private readonly joins = new Map<Subscriber, PendingJoin>();
  private readonly openByKey = new Map<string, number>();
  private readonly feed: ChangeFeed;
  private readonly instanceTag = randomBytes(3).toString("hex");
  private nextQuery = 0;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private faulted = false;
  private closed = false;
  private checkingKeys = false;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly keyCheck: NodeJS.Timeout;

  constructor(
    private readonly es: Client,
    fixturesAlias: string,
    private readonly keys: KeyCache,
    private readonly logger: Logger,
    options: Partial<StreamHubOptions> = {},
    /** Told how many subscribers each event reached (the service's metrics). */
    private readonly delivered: (event: string, subscribers: number) => void = () => {},
  ) {
    this.options = { ...DEFAULT_STREAM_HUB_OPTIONS, ...options };
    this.feed = new ChangeFeed(es, fixturesAlias, { overlapMs: this.options.overlapMs, preference: this.instanceTag });
    this.heartbeat = setInterval(() => this.beat(), Math.max(250, Math.floor(this.options.heartbeatMs / 2))).unref();
    this.keyCheck = setInterval(() => void this.checkKeys(), this.options.keyCheckMs).unref();
  }

  /** Open streams (attached or waiting for their snapshot). */
  get openStreams(): number {
    let open = 0;
    for (const count of this.openByKey.values()) open += count;
    return open;
  }

  get distinctQueries(): number {
    return this.queries.size;
  }

  /** Whether a key may open one more stream (what HEAD answers, without taking the slot). */
  hasRoom(keyId: string): boolean {
    return (this.openByKey.get(keyId) ?? 0) < this.options.perKey;
  }

  /** Takes one of a key's stream slots, or false when it holds its maximum already. */
  reserve(keyId: string): boolean {
    if (!this.hasRoom(keyId)) return false;
    this.openByKey.set(keyId, (this.openByKey.get(keyId) ?? 0) + 1);
    return true;
  }

  /**
   * Subscribes to the standing query `spec` describes. Resolves once the subscriber holds
   * what it starts with (what it missed since `Last-Event-ID`, or a snapshot); rejects, before
   * anything was sent, when the query matches too many fixtures or Elasticsearch fails.
   */
  join(spec: StandingQuerySpec, subscriber: Subscriber): Promise<void> {
    if (this.closed) return Promise.reject(new StreamHubClosedError());
    const query = this.queryFor(spec);
    query.idleSince = null;
    const missed = query.replaySince(subscriber.lastEventId);
    if (missed !== null) {
      query.resume(subscriber, missed);
      return Promise.resolve();
    }
    query.waiting.push(subscriber);
    const joined = new Promise<void>((resolve, reject) => this.joins.set(subscriber, { resolve, reject }));
    this.schedule(0);
    return joined;
  }

  /** A subscriber's stream ended: its slot and its place in its query are given back. */
  release(subscriber: Subscriber, spec: StandingQuerySpec): void {
    const open = (this.openByKey.get(subscriber.keyId) ?? 1) - 1;
    if (open > 0) this.openByKey.set(subscriber.keyId, open);
    else this.openByKey.delete(subscriber.keyId);
    this.joins.get(subscriber)?.reject(new Error("the client left before its snapshot"));
    this.joins.delete(subscriber);
    const query = this.queries.get(spec.key);
    if (!query) return;
    query.remove(subscriber);
    if (query.isIdle) query.idleSince = Date.now();
  }

  /** Ends every stream (SIGTERM): clients reconnect, to this instance or another. */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    clearInterval(this.heartbeat);
    clearInterval(this.keyCheck);
    // Those still waiting for a snapshot get an answer first (503), then every stream ends.
    for (const join of this.joins.values()) join.reject(new StreamHubClosedError());
    this.joins.clear();
    for (const query of this.queries.values()) {
      for (const subscriber of [...query.subscribers, ...query.waiting]) subscriber.close("the service is shutting down");
    }
    this.queries.clear();
  }

  private queryFor(spec: StandingQuerySpec): StandingQuery {
    const known = this.queries.get(spec.key);
    if (known) return known;
    this.nextQuery += 1;
    const query = new StandingQuery(`${this.instanceTag}${this.nextQuery.toString(36)}`, spec, this.options.historySize);
    this.queries.set(spec.key, query);
    return query;
  }

  private schedule(delayMs: number): void {
    if (this.closed || this.running || this.queries.size === 0) return;
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
      this.logger.error({ err: error }, "stream evaluation failed");
    } finally {
      this.running = false;
      // Rounds start every pollMs (not pollMs after the last one ended), so a slow round does not stretch every delay.
      this.schedule(Math.max(1, this.options.pollMs - (Date.now() - started)));
    }
  }

  /** One round: read what changed, ask Elasticsearch every standing question once, send the differences. */
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
      for (const query of this.queries.values()) query.needsFull = true;
    }
    if (poll.reset) {
      this.logger.info("a rebuild put new fixtures behind the alias; every stream gets a fresh snapshot");
      for (const query of this.queries.values()) query.resnapshot = true;
    }
    const plans = this.plan(poll.ids, Date.now());
    if (plans.length === 0) return;
    const at = new Date();
    const answers = await multiSearch<FixtureDocument>(this.es, { searches: plans.flatMap((plan) => msearchItem(plan.request, this.instanceTag)) }).catch(
      (error: Error) => {
        this.fault(error);
        return null;
      },
    );
    if (answers === null) return;
    // A subscriber often gets several events in one round: corked, they leave in one write.
    const corked = plans.flatMap((plan) => [...plan.query.subscribers]);
    for (const subscriber of corked) subscriber.cork();
    try {
      plans.forEach((plan, i) => this.applySafely(plan, answers[i]!, at));
    } finally {
      for (const subscriber of corked) subscriber.uncork();
    }
  }

  private plan(changedIds: readonly number[], now: number): Plan[] {
    const plans: Plan[] = [];
    // More changes than one search may return: reading every query in full is cheaper anyway.
    const everything = changedIds.length > this.options.snapshotMax;
    const checked = this.membershipChecksDue(now);
    for (const [key, query] of this.queries) {
      if (query.isIdle && query.idleSince !== null && now - query.idleSince >= this.options.lingerMs) {
        this.queries.delete(key);
        continue;
      }
      const request = query.spec.request(new Date(now));
      if (everything || query.wantsSnapshot) {
        plans.push({ query, kind: "snapshot", ids: [], request: wholeResultSet(request, this.options.snapshotMax) });
      } else if (checked.has(query)) {
        plans.push({ query, kind: "membership", ids: [], request: membershipOf(request, this.options.snapshotMax) });
      } else if (changedIds.length > 0 || query.pending.size > 0) {
        const ids = [...new Set([...changedIds, ...query.pending])];
        query.pending.clear();
        plans.push({ query, kind: "changes", ids, request: restrictedTo(request, ids) });
      }
    }
    return plans;
  }

  /**
   * The queries whose membership is checked this round: those last read in full longest ago,
   * a few per round so the checks spread over STREAM_REFRESH_MS instead of all falling in one
   * round; one overdue by twice that is checked whatever the budget (at least once a minute).
   */
  private membershipChecksDue(now: number): Set<StandingQuery> {
    const { refreshMs, pollMs } = this.options;
    const due = [...this.queries.values()].filter((query) => !query.wantsSnapshot && now - query.lastFullAt >= refreshMs);
    due.sort((a, b) => a.lastFullAt - b.lastFullAt);
    const budget = Math.max(1, Math.ceil((this.queries.size * pollMs) / refreshMs));
    return new Set(due.filter((query, i) => i < budget || now - query.lastFullAt >= 2 * refreshMs));
  }

  /** One query's failure (a document its presenter cannot show) must not cost the others their round. */
  private applySafely(plan: Plan, answer: estypes.MsearchResponseItem<FixtureDocument>, at: Date): void {
    try {
      this.apply(plan, answer, at);
    } catch (error) {
      plan.query.needsFull = true;
      this.logger.error({ err: error, query: plan.query.id }, "a standing query's answer could not be applied; it is read in full next round");
      this.rejectWaiting(plan.query, error as Error);
    }
  }

  private apply(plan: Plan, answer: estypes.MsearchResponseItem<FixtureDocument>, at: Date): void {
    const { query } = plan;
    if ("error" in answer) {
      query.needsFull = true;
      const reason = answer.error.reason ?? answer.error.type;
      this.logger.warn({ query: query.id, reason }, "a standing query failed; it is evaluated in full next round");
      this.rejectWaiting(query, new Error(`standing query failed: ${reason}`));
      return;
    }
    const hits = answer.hits.hits as FixtureHit[];
    if (plan.kind === "changes") {
      this.count(query.applyChanges(plan.ids, hits));
      return;
    }
    if (hits.length > this.options.snapshotMax) {
      // The query is dropped, history and all: a reconnect starts a new one and gets the 400.
      this.queries.delete(query.spec.key);
      this.rejectWaiting(query, new TooManyFixturesError(this.options.snapshotMax));
      for (const subscriber of [...query.subscribers]) {
        subscriber.close(`the result set grew past ${this.options.snapshotMax} fixtures`);
      }
      return;
    }
    if (plan.kind === "membership") {
      this.count(query.applyMembership(hits, at));
      return;
    }
    const joining = [...query.waiting];
    this.count(query.applyFull(hits, at));
    for (const subscriber of joining) {
      this.joins.get(subscriber)?.resolve();
      this.joins.delete(subscriber);
    }
  }

  private count(events: readonly IssuedEvent[]): void {
    for (const event of events) this.delivered(event.name, event.to);
  }

  private rejectWaiting(query: StandingQuery, error: Error): void {
    for (const subscriber of query.waiting.splice(0)) {
      this.joins.get(subscriber)?.reject(error);
      this.joins.delete(subscriber);
    }
  }

  /** Elasticsearch failed: open streams stay open (heartbeats go on); those waiting get the fault. */
  private fault(error: Error): void {
    if (!this.faulted) this.logger.warn({ err: error }, "stream change feed cannot read; open streams wait for Elasticsearch");
    this.faulted = true;
    for (const query of this.queries.values()) {
      query.needsFull = true;
      this.rejectWaiting(query, error);
    }
  }

  private beat(): void {
    const quietSince = Date.now() - this.options.heartbeatMs / 2;
    for (const query of this.queries.values()) {
      for (const subscriber of query.subscribers) if (subscriber.lastWriteAt <= quietSince) subscriber.write(SSE_HEARTBEAT, false);
    }
  }

  /** A revoked key's streams end once the key cache no longer knows the key. */
  private async checkKeys(): Promise<void> {
    if (this.checkingKeys) return;
    this.checkingKeys = true;
    try {
      await this.checkKeysOnce();
    } finally {
      this.checkingKeys = false;
    }
  }

  private async checkKeysOnce(): Promise<void> {
    const byKey = new Map<string, Subscriber[]>();
    for (const query of this.queries.values()) {
      for (const subscriber of query.subscribers) {
        const same = byKey.get(subscriber.key);
        if (same) same.push(subscriber);
        else byKey.set(subscriber.key, [subscriber]);
      }
    }
    for (const [key, subscribers] of byKey) {
      const principal = await this.keys.resolve(key).catch(() => undefined);
      if (principal === null) for (const subscriber of subscribers) subscriber.close("the key was revoked");
    }
  }
}

/**
 * One search of an _msearch: the index (and shard policy) in the header, the rest in the body.
 * `preference` sends every read of this instance to the same shard copies: copies refresh on
 * their own schedules, and reads bouncing between them could see a fixture go back in time.
 */
function msearchItem(request: estypes.SearchRequest, preference: string): estypes.MsearchRequestItem[] {
  const { index, allow_partial_search_results, ...body } = request;
  const header = { index: index as string, preference, ...(allow_partial_search_results === undefined ? {} : { allow_partial_search_results }) };
  return [header, body as estypes.SearchSearchRequestBody];
}
