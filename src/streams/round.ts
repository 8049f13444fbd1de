import type { estypes } from "@elastic/elasticsearch";
import { unionSource, type NamedQuery } from "../search/streams/named-queries.js";
import { newerOf, versionKey, type MatchingHit, type StoredVersion } from "./membership.js";
import type { Ask, RoundPlan } from "./round-planner.js";
import type { OrderedMembers, ReadDocument, StandingReader } from "./standing-reader.js";
import type { Subscriber } from "./subscriber.js";
import type { IssuedEvent, PayloadMemo, PresentableFixture, SnapshotEntry, StandingQuery } from "./standing-query.js";

/**
 * Carries out a round's plan: asks Elasticsearch (through the reader) and hands each query its
 * answer. What a round costs follows the fixtures that changed, not the number of queries:
 * - changes: one search says, for every query at once, which changed fixtures it matches
 *   (named queries); each changed document is read once, only where some query needs to
 *   present it and the presented-JSON cache does not hold it;
 * - snapshots: one _msearch reads each waiting query's result set as ids and versions in its
 *   order, then the documents the cache lacks, a bounded number of documents at a time;
 * - checks: one paged search reads the membership of every query checked this round.
 * A failure is the failing queries' own: they are read in full later, the others go on.
 */
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
  /** The last version of a fixture the change feed reported, if it still knows it. */
  reportedVersion: (id: number) => string | undefined;
  /** The round hands the event loop back (joins may come in): what it wrote so far is to be counted by the budget. */
  yielding: () => void;
};

export type RoundOptions = {
  snapshotMax: number;
  /** Changed fixtures asked about per search. */
  idsPerSearch: number;
  /** Snapshot documents held at once: the waiting queries are read in groups of at most this many fixtures. */
  snapshotDocumentsPerGroup: number;
  /** Ids and versions one read of snapshots returns at most (each query counts its largest result set). */
  memberHitsPerRead: number;
  /** Reads of snapshots' ids in flight while one is presented (at least 1): at most one more than this many times `memberHitsPerRead` hits held. */
  memberReadsInFlight: number;
};

/** The longest a round presents and writes without letting the event loop accept connections and read sockets. */
const RUN_WITHOUT_YIELDING_MS = 20;

export const DEFAULT_ROUND_OPTIONS: Omit<RoundOptions, "snapshotMax"> = {
  idsPerSearch: 1_000,
  snapshotDocumentsPerGroup: 2_000,
  memberHitsPerRead: 50_000,
  memberReadsInFlight: 3,
};

export class Round {
  /** Fixtures to ask about again next round: read at a newer version than was judged, or found behind by a check. */
  readonly carry = new Set<number>();
  /** Event data made this round, shared by the queries that send the same fixture alike. */
  private readonly payloads: PayloadMemo = new Map();
  private lastYield = Date.now();
  /** Milliseconds each part of the round took (logged at debug level: where a slow round goes). */
  readonly timings = { snapshots: 0, changes: 0, checks: 0 };

  constructor(
    private readonly reader: StandingReader,
    private readonly hooks: RoundHooks,
    private readonly options: RoundOptions,
    private readonly at: Date,
  ) {}

  async run(plan: RoundPlan, changedIds: readonly number[]): Promise<void> {
    for (const { query, error } of plan.failed) this.hooks.failed(query, error);
    let started = Date.now();
    const lap = (part: keyof Round["timings"]) => {
      const now = Date.now();
      this.timings[part] += now - started;
      started = now;
    };
    // What changed goes first: open streams wait for it, while snapshots and checks concern other queries.
    if (plan.changes.length > 0 && changedIds.length > 0) {
      for (let start = 0; start < changedIds.length; start += this.options.idsPerSearch) {
        await this.changes(plan.changes, changedIds.slice(start, start + this.options.idsPerSearch));
      }
    }
    lap("changes");
    if (plan.snapshots.length > 0) await this.snapshots(plan.snapshots);
    lap("snapshots");
    if (plan.checks.length > 0) await this.checks(plan.checks);
    lap("checks");
  }

  /** Which of `ids` each query matches now, and the events that follow. */
  private async changes(asks: readonly Ask[], ids: readonly number[]): Promise<void> {
    const live = asks.filter(({ query }) => !query.wantsSnapshot);
    const { matches, failed } = await this.reader.whichMatch(named(live), ids);
    const needs = new Map<StandingQuery, number[]>();
    for (const { query } of live) {
      const error = failed.get(query.id);
      if (error) this.hooks.failed(query, error);
      else needs.set(query, query.behind(matches.get(query.id)!));
    }
    const fixtures = await this.presentable(live, needs, matches);
    for (const [query, behind] of needs) {
      await this.letOthersIn();
      this.safely(query, () => {
        const matched = matches.get(query.id)!;
        const isBehind = new Set(behind);
        const unresolved = new Set<number>();
        const matching: Array<MatchingHit<PresentableFixture>> = [];
        for (const id of behind) {
          const version = matched.get(id)!;
          const fixture = fixtures.get(query)?.get(id);
          // Read at a newer version than was judged (a write in between): judged again next round.
          if (!fixture || fixture.version !== versionKey(id, version)) {
            unresolved.add(id);
            continue;
          }
          matching.push({ id, version, hit: fixture });
        }
        for (const id of unresolved) this.carry.add(id);
        // Members that still match at the version held need nothing: not passing them keeps them.
        const asked = ids.filter((id) => !unresolved.has(id) && !(matched.has(id) && !isBehind.has(id)));
        this.hooks.issued(query.judge(asked, matching, this.payloads));
      });
    }
  }

  /**
   * The presentable fixtures each query needs: the JSON the cache kept for the version, or
   * the document, read once for all queries that show it with the same fields.
   */
  private async presentable(
    asks: readonly Ask[],
    needs: ReadonlyMap<StandingQuery, number[]>,
    matches: ReadonlyMap<string, Map<number, StoredVersion>>,
  ): Promise<Map<StandingQuery, Map<number, PresentableFixture>>> {
    const out = new Map<StandingQuery, Map<number, PresentableFixture>>();
    const toRead = new Set<number>();
    const sources: Array<estypes.SearchSourceConfig | undefined> = [];
    const requests = new Map(asks.map((ask) => [ask.query, ask.request]));
    for (const [query, ids] of needs) {
      const own = new Map<number, PresentableFixture>();
      out.set(query, own);
      const versions = matches.get(query.id)!;
      let missing = false;
      for (const id of ids) {
        const key = versionKey(id, versions.get(id)!);
        // Presented already this round (by another query shown alike), or kept by the cache: no read.
        const json = this.payloads.get(`${key}|${query.spec.presentation}`) ?? query.spec.peek(key);
        if (json) own.set(id, { version: key, json });
        else {
          toRead.add(id);
          missing = true;
        }
      }
      if (missing) sources.push(requests.get(query)?._source as estypes.SearchSourceConfig | undefined);
    }
    if (toRead.size === 0) return out;
    // One read for every query: the union of the fields they show.
    const documents = await this.reader.documents([...toRead], unionSource(sources));
    for (const [query, ids] of needs) {
      const own = out.get(query)!;
      for (const id of ids) {
        if (own.has(id)) continue;
        const read = documents.get(id);
        if (read) own.set(id, fromDocument(id, read));
      }
    }
    return out;
  }

  /**
   * Whole result sets for the queries that need a snapshot. Their ids are read in batches of at
   * most `memberHitsPerRead` hits (`memberReadsInFlight` batches asked at once), their
   * documents in groups of at most `snapshotDocumentsPerGroup`: memory stays bounded however
   * many streams open at once.
   */
  private async snapshots(asks: readonly Ask[]): Promise<void> {
    const limit = this.options.snapshotMax;
    const perRead = Math.max(1, Math.floor(this.options.memberHitsPerRead / (limit + 1)));
    const batches: Ask[][] = [];
    for (let start = 0; start < asks.length; start += perRead) batches.push(asks.slice(start, start + perRead));
    const read = (batch: readonly Ask[]) =>
      this.reader.membersInOrder(batch.map((ask) => ask.request), limit).then(
        (ordered) => ({ ok: true as const, ordered }),
        (error: Error) => ({ ok: false as const, error }),
      );
    // The next reads are asked while this one is presented: the node and the service work side by side.
    const inFlight = batches.slice(0, this.options.memberReadsInFlight).map(read);
    for (const [i, batch] of batches.entries()) {
      const answer = await inFlight.shift()!;
      const following = batches[i + this.options.memberReadsInFlight];
      if (following) inFlight.push(read(following));
      if (!answer.ok) {
        for (const { query } of batch) this.hooks.failed(query, answer.error);
        continue;
      }
      await this.snapshotBatch(batch, answer.ordered);
    }
  }

  private async snapshotBatch(asks: readonly Ask[], ordered: readonly OrderedMembers[]): Promise<void> {
    const limit = this.options.snapshotMax;
    let group: Array<{ ask: Ask; members: Array<{ id: number; version: StoredVersion }> }> = [];
    let documents = 0;
    const flush = async () => {
      if (group.length > 0) await this.snapshotGroup(group);
      group = [];
      documents = 0;
    };
    for (const [i, ask] of asks.entries()) {
      const answer = ordered[i]!;
      if (!answer.ok) {
        this.hooks.failed(ask.query, answer.error);
        continue;
      }
      if (answer.members.length > limit) {
        this.hooks.tooLarge(ask.query);
        continue;
      }
      if (documents + answer.members.length > this.options.snapshotDocumentsPerGroup) await flush();
      group.push({ ask, members: answer.members });
      documents += answer.members.length;
    }
    await flush();
  }

  private async snapshotGroup(group: ReadonlyArray<{ ask: Ask; members: Array<{ id: number; version: StoredVersion }> }>): Promise<void> {
    const needs = new Map<StandingQuery, number[]>();
    const shownAt = new Map<string, Map<number, StoredVersion>>();
    for (const { ask, members } of group) {
      // Never show an older state than the membership holds (a change round may have seen a newer write).
      const versions = new Map(members.map(({ id, version }) => [id, newerOf(version, ask.query.held(id))]));
      shownAt.set(ask.query.id, versions);
      needs.set(ask.query, [...versions.keys()]);
    }
    let fixtures: Map<StandingQuery, Map<number, PresentableFixture>>;
    try {
      fixtures = await this.presentable(group.map(({ ask }) => ask), needs, shownAt);
    } catch (error) {
      for (const { ask } of group) this.hooks.failed(ask.query, error as Error);
      return;
    }
    for (const { ask } of group) {
      await this.letOthersIn();
      const { query } = ask;
      this.safely(query, () => {
        const entries: SnapshotEntry[] = [];
        const own = fixtures.get(query)!;
        for (const [id, version] of shownAt.get(query.id)!) {
          const fixture = own.get(id);
          // Deleted since its id was read: the next round's question settles it.
          if (!fixture) {
            this.carry.add(id);
            continue;
          }
          const shown = fixture.version === versionKey(id, version) ? version : parseVersion(fixture.version, version);
          if (shown !== version) this.carry.add(id);
          entries.push({ id, version: shown, fixture });
        }
        const joining = [...query.waiting];
        this.hooks.issued(query.applySnapshot(entries, this.at, this.payloads));
        this.hooks.joined(joining);
      });
    }
  }

  /** Membership checks of many queries in one paged search. */
  private async checks(asks: readonly Ask[]): Promise<void> {
    const { matches, failed } = await this.reader.matchesOfAll(named(asks));
    const missed = new Map<StandingQuery, number>();
    const leftAtJudged: Array<{ query: StandingQuery; id: number; held: StoredVersion }> = [];
    for (const { query } of asks) {
      const error = failed.get(query.id);
      if (error) {
        this.hooks.failed(query, error);
        continue;
      }
      const found = matches.get(query.id)!;
      if (found.size > this.options.snapshotMax) {
        this.hooks.tooLarge(query);
        continue;
      }
      this.safely(query, () => {
        // Only a query that does not move with time can be corrected: only its versions are kept to tell.
        const before = query.movesWithTime ? null : new Map(query.memberIds.map((id) => [id, query.held(id)!]));
        const { events, left, behind } = query.checkMembership(found, this.at);
        this.hooks.issued(events);
        for (const id of behind) this.carry.add(id);
        if (before) {
          // The change rounds judged these very versions otherwise: a correction, not news.
          const behindJudged = behind.filter((id) => this.hooks.reportedVersion(id) === versionKey(id, found.get(id)!)).length;
          if (behindJudged > 0) missed.set(query, behindJudged);
          for (const id of left) {
            const held = before.get(id)!;
            if (this.hooks.reportedVersion(id) === versionKey(id, held)) leftAtJudged.push({ query, id, held });
          }
        }
      });
    }
    await this.leftUnchanged(leftAtJudged, missed);
    for (const [query, fixtures] of missed) this.hooks.corrected(query, fixtures);
  }

  /**
   * A fixture a check found gone is a correction only if it is still stored at the version the
   * change rounds judged: the check reads the index as it is now, so a write after the feed's
   * last poll (the next round's news, in a slow round) also makes a fixture leave. Counted in
   * `missed`; if the versions cannot be read, nothing is counted (the events went out regardless).
   */
  private async leftUnchanged(left: ReadonlyArray<{ query: StandingQuery; id: number; held: StoredVersion }>, missed: Map<StandingQuery, number>): Promise<void> {
    if (left.length === 0) return;
    let stored: Map<number, StoredVersion>;
    try {
      stored = await this.reader.versions([...new Set(left.map(({ id }) => id))]);
    } catch {
      return;
    }
    for (const { query, id, held } of left) {
      const now = stored.get(id);
      if (now && versionKey(id, now) === versionKey(id, held)) missed.set(query, (missed.get(query) ?? 0) + 1);
    }
  }

  /**
   * Hands the event loop back now and then while a round presents and writes for many queries:
   * a thousand snapshots presented in one go held it for hundreds of milliseconds, and clients
   * connecting meanwhile waited to be accepted (bench:stream saw their requests arrive over 2 s).
   */
  private async letOthersIn(): Promise<void> {
    if (Date.now() - this.lastYield < RUN_WITHOUT_YIELDING_MS) return;
    this.hooks.yielding();
    await new Promise((resolve) => setImmediate(resolve));
    this.lastYield = Date.now();
  }

  /** One query's failure (a document its presenter cannot show) must not cost the others their round. */
  private safely(query: StandingQuery, apply: () => void): void {
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

function named(asks: readonly Ask[]): NamedQuery[] {
  return asks.map(({ query, request }) => ({ name: query.id, query: request.query ?? { match_all: {} } }));
}

function fromDocument(id: number, read: ReadDocument): PresentableFixture {
  return { version: versionKey(id, read.version), doc: read.doc };
}

/** The stored version a presentable fixture's key names (`index/id/seq/term`). */
function parseVersion(key: string | null, fallback: StoredVersion): StoredVersion {
  if (key === null) return fallback;
  const parts = key.split("/");
  const primaryTerm = Number(parts.pop());
  const seqNo = Number(parts.pop());
  parts.pop();
  return { index: parts.join("/"), seqNo, primaryTerm };
}
