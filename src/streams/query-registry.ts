import type { HistoryPool } from "./history-pool.js";
import type { BudgetUse } from "./stream-budget.js";
import { StandingQuery, type StandingQuerySpec } from "./standing-query.js";
import type { Subscriber } from "./subscriber.js";

/**
 * Who is subscribed to what: the standing queries by key, each key's stream slots, and the
 * openings waiting for their snapshot. It bounds what users can make the hub hold: a key's
 * streams (STREAMS_PER_KEY) and the distinct queries (STREAM_MAX_QUERIES; idle ones, kept a
 * while so a reconnect can be replayed to, make room first, oldest first).
 */
export type PendingJoin = { resolve: () => void; reject: (error: Error) => void };

export type RegistryOptions = { perKey: number; maxQueries: number; lingerMs: number; historySize: number };

export class QueryRegistry {
  private readonly queries = new Map<string, StandingQuery>();
  private readonly joins = new Map<Subscriber, PendingJoin>();
  private readonly openByKey = new Map<string, number>();
  private nextQuery = 0;
  private counted: Pick<BudgetUse, "members" | "unsentBytes"> = { members: 0, unsentBytes: 0 };

  constructor(
    private readonly options: RegistryOptions,
    private readonly idPrefix: string,
    private readonly history: HistoryPool,
  ) {}

  get size(): number {
    return this.queries.size;
  }

  /** Open streams (attached or waiting for their snapshot). */
  get openStreams(): number {
    let open = 0;
    for (const count of this.openByKey.values()) open += count;
    return open;
  }

  all(): IterableIterator<StandingQuery> {
    return this.queries.values();
  }

  get(key: string): StandingQuery | undefined {
    return this.queries.get(key);
  }

  hasRoom(keyId: string): boolean {
    return (this.openByKey.get(keyId) ?? 0) < this.options.perKey;
  }

  /** Takes one of a key's stream slots, or false when it holds its maximum already. */
  reserve(keyId: string): boolean {
    if (!this.hasRoom(keyId)) return false;
    this.openByKey.set(keyId, (this.openByKey.get(keyId) ?? 0) + 1);
    return true;
  }

  /** Gives a key's slot back. */
  unreserve(keyId: string): void {
    const open = (this.openByKey.get(keyId) ?? 1) - 1;
    if (open > 0) this.openByKey.set(keyId, open);
    else this.openByKey.delete(keyId);
  }

  /**
   * Whether a stream on `key` can have a standing query: an existing one, or a new one within
   * STREAM_MAX_QUERIES (idle queries are let go, oldest first, to make room).
   */
  roomFor(key: string): boolean {
    if (this.queries.has(key) || this.queries.size < this.options.maxQueries) return true;
    const idle = [...this.queries.values()].filter((query) => query.isIdle).sort((a, b) => (a.idleSince ?? 0) - (b.idleSince ?? 0));
    for (const query of idle) {
      this.drop(query);
      if (this.queries.size < this.options.maxQueries) return true;
    }
    return false;
  }

  /** The standing query of `spec`, made on first use. */
  queryFor(spec: StandingQuerySpec): StandingQuery {
    const known = this.queries.get(spec.key);
    if (known) return known;
    this.nextQuery += 1;
    const query = new StandingQuery(`${this.idPrefix}${this.nextQuery.toString(36)}`, spec, this.options.historySize, this.history);
    this.queries.set(spec.key, query);
    return query;
  }

  awaitJoin(subscriber: Subscriber): Promise<void> {
    return new Promise<void>((resolve, reject) => this.joins.set(subscriber, { resolve, reject }));
  }

  resolveJoin(subscriber: Subscriber): void {
    this.joins.get(subscriber)?.resolve();
    this.joins.delete(subscriber);
  }

  rejectJoin(subscriber: Subscriber, error: Error): void {
    this.joins.get(subscriber)?.reject(error);
    this.joins.delete(subscriber);
  }

  /** Every opening still waiting gets `error` (a failed round, a stopping hub). */
  rejectAllJoins(error: Error): void {
    for (const join of this.joins.values()) join.reject(error);
    this.joins.clear();
  }

  /** A query's waiting subscribers get `error` instead of their snapshot. */
  rejectWaiting(query: StandingQuery, error: Error): void {
    for (const subscriber of query.waiting.splice(0)) this.rejectJoin(subscriber, error);
  }

  /** A subscriber's stream ended: its slot and its place in its query are given back. */
  release(subscriber: Subscriber, key: string): void {
    this.unreserve(subscriber.keyId);
    this.rejectJoin(subscriber, new Error("the client left before its snapshot"));
    const query = this.queries.get(key);
    if (!query) return;
    query.remove(subscriber);
    if (query.isIdle) query.idleSince = Date.now();
  }

  /** Idle queries past their linger are let go. */
  sweep(now: number): void {
    for (const query of this.queries.values()) {
      if (query.isIdle && query.idleSince !== null && now - query.idleSince >= this.options.lingerMs) this.drop(query);
    }
  }

  drop(query: StandingQuery): void {
    if (this.queries.get(query.spec.key) !== query) return;
    this.queries.delete(query.spec.key);
    query.discard();
  }

  /** Every subscriber, attached or waiting. */
  *subscribers(): IterableIterator<Subscriber> {
    for (const query of this.queries.values()) {
      yield* query.subscribers;
      yield* query.waiting;
    }
  }

  /**
   * What the budget counts: streams and queries as they are now, members held and bytes
   * unsent as last counted (`recount`). A join reads this, so it must not walk every query:
   * a thousand joins over five thousand queries would be millions of steps.
   */
  use(): BudgetUse {
    return { streams: this.openStreams, queries: this.queries.size, ...this.counted };
  }

  /**
   * Counts members held and bytes unsent again. Rounds are what change them (and sockets
   * draining, which only lowers them), so the hub recounts after each round.
   */
  recount(): void {
    let members = 0;
    let unsentBytes = 0;
    for (const query of this.queries.values()) {
      members += query.memberCount;
      for (const subscriber of query.subscribers) unsentBytes += subscriber.unsentBytes;
    }
    this.counted = { members, unsentBytes };
  }

  clear(): void {
    for (const query of this.queries.values()) query.discard();
    this.queries.clear();
  }
}
