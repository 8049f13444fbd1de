import type { estypes } from "@elastic/elasticsearch";
import { presentableAtOnce } from "../reading/lists-at-once.js";
import { unionSource } from "../search/streams/named-queries.js";
import { versionKey, type StoredVersion } from "./membership.js";
import type { Ask } from "./round-planner.js";
import type { StandingReader } from "./standing-reader.js";
import type { Subscriber } from "./subscriber.js";
import { payloadKey, type DataPoint, type IssuedEvent, type PayloadMemo, type PresentableFixture, type StandingQuery } from "./standing-query.js";

export type RoundHooks = {
  /** These subscribers got their snapshot: their openings may answer. */
  joined: (subscribers: readonly Subscriber[]) => void;
  /** Events issued, for the metrics. */
  issued: (events: readonly IssuedEvent[]) => void;
  /** A query could not be answered: its waiting subscribers get the error, it is read in full later. */
  failed: (query: StandingQuery, error: Error) => void;
  /** A query's result set grew past what a stream holds. */
  tooLarge: (query: StandingQuery) => void;
  /** A membership check found a difference that is not the clock moving: what the change rounds missed. */
  corrected: (query: StandingQuery, fixtures: number) => void;
  /** The stored versions of fixtures a check found gone could not be read: those `fixtures` of `queries` are not counted as corrections. */
  uncounted: (error: Error, fixtures: number, queries: readonly string[]) => void;
  /** The last version of a fixture the change feed reported, if it still knows it. */
  reportedVersion: (id: number) => string | undefined;
  /** The round hands the event loop back (joins may come in): what it wrote so far is to be counted by the budget. */
  yielding: () => void;
  /** The data behind the alias and the change feed's watermark at this round's poll; null before the feed knows them. */
  dataPoint: () => DataPoint | null;
};

/** The longest a round presents and writes without letting the event loop accept connections and read sockets. */
const RUN_WITHOUT_YIELDING_MS = 20;

/**
 * What the parts of one round share (round-runner.ts runs them; each takes this and imports
 * nothing of the others): the reader, the hub's hooks, the largest result set a stream holds,
 * the fixtures to carry to the next round, the event data made this round, and three helpers:
 * the presentable fixtures of many queries at once, handing the event loop back, and keeping
 * one query's failure its own.
 */
export class RoundContext {
  /** Fixtures to ask about again next round: read at a newer version than was judged, or found behind by a check. */
  readonly carry = new Set<number>();
  /** Milliseconds each part of the round took (logged at debug level: where a slow round goes). */
  readonly timings = { snapshots: 0, changes: 0, checks: 0 };
  /** Event data made this round, shared by the queries that send the same fixture alike. */
  readonly payloads: PayloadMemo = new Map();
  private lastYield = Date.now();

  constructor(
    readonly reader: StandingReader,
    readonly hooks: RoundHooks,
    /** The largest result set a stream holds (STREAM_SNAPSHOT_MAX). */
    readonly snapshotMax: number,
    readonly at: Date,
    /** How far a check looks ahead for a window's next clock edge (the regular check's period); 0 looks nowhere. */
    readonly lookAheadMs = 0,
  ) {}

  /**
   * The presentable fixtures each query needs (src/reading/lists-at-once.ts): the JSON this
   * round made already for a query shown alike or the cache kept for the version, else the
   * document, read once for all queries with the union of the fields they show.
   */
  async presentable(
    asks: readonly Ask[],
    needs: ReadonlyMap<StandingQuery, number[]>,
    matches: ReadonlyMap<string, Map<number, StoredVersion>>,
  ): Promise<Map<StandingQuery, Map<number, PresentableFixture>>> {
    const requests = new Map(asks.map((ask) => [ask.query, ask.request]));
    return presentableAtOnce(
      needs,
      (query, id) => versionKey(id, matches.get(query.id)!.get(id)!),
      (query, version) => this.payloads.get(payloadKey(version, query.spec.presentation)) ?? query.spec.peek(version),
      async (ids, queries) => {
        const documents = await this.reader.documents(ids, unionSource(queries.map((query) => requests.get(query)?._source as estypes.SearchSourceConfig | undefined)));
        return new Map([...documents].map(([id, read]) => [id, { version: versionKey(id, read.version), doc: read.doc }]));
      },
    );
  }

  /**
   * Hands the event loop back now and then while a round presents and writes for many queries:
   * a thousand snapshots presented in one go held it for hundreds of milliseconds, and clients
   * connecting meanwhile waited to be accepted.
   */
  async letOthersIn(): Promise<void> {
    if (Date.now() - this.lastYield < RUN_WITHOUT_YIELDING_MS) return;
    this.hooks.yielding();
    await new Promise((resolve) => setImmediate(resolve));
    this.lastYield = Date.now();
  }

  /** One query's failure (a document its presenter cannot show) must not cost the others their round. */
  safely(query: StandingQuery, apply: () => void): void {
    // A subscriber often gets several events from one answer: corked, they leave in one write.
    const corked = [...query.subscribers];
    for (const subscriber of corked) subscriber.cork();
    try {
      apply();
    } catch (error) {
      this.hooks.failed(query, error as Error);
    } finally {
      for (const subscriber of corked) subscriber.uncork();
    }
  }
}
