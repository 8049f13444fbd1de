import type { estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { EventHistory } from "./event-history.js";
import type { HistoryPool } from "./history-pool.js";
import { Membership, versionKey, type MatchingHit, type MembershipChange, type StoredVersion } from "./membership.js";
import { sseEvent, sseFrame, type SseFrame } from "./sse-frames.js";
import type { Subscriber } from "./subscriber.js";
import { localEventId, resumeDiff, resumeSuffix, shortHash } from "./resume-point.js";
import type { PresentableFixture } from "../reading/presentable-fixture.js";
import { fixtureListJson } from "../presenters/fixture-list-json.js";

/**
 * One distinct standing query and everyone subscribed to it. Its question is the polled
 * endpoint's own request (the same builder, so the stream and the endpoint can never
 * disagree); its answer is kept as a membership of fixture versions; what changes is
 * presented once and the same bytes go to every subscriber. Elasticsearch's answers reach it
 * through a round (round-runner.ts); it never decides itself whether a fixture matches.
 */
export type StandingQuerySpec = {
  /** The normalized query: equal keys share one standing query. */
  key: string;
  /** The polled endpoint's request for its whole result set at `now`. */
  request: (now: Date) => estypes.SearchRequest;
  /**
   * For a question that moves with time: the instants at which a fixture kicking off at
   * `dateTimeMs` may enter or leave its answer by the clock alone (the window's edges, told by
   * the module that builds the window's filter).
   */
  clockEdges?: (dateTimeMs: number) => readonly number[];
  /** The fixture as the polled endpoint presents it (the presented-JSON cache's chunks). */
  present: (fixture: PresentableFixture) => Buffer[];
  /** The presented JSON kept for a stored version, if any: then its document need not be read. */
  peek: (version: string) => Buffer | undefined;
  /** What decides the presented bytes besides the version (variant, language, includes, filters): queries alike share an event's data. */
  presentation: string;
};

/**
 * Fixtures presented this round, by version and presentation: shared by every query that shows
 * them alike (an event's data, a snapshot's entries), so each is made and held once.
 */
export type PayloadMemo = Map<string, Buffer>;

/** A fixture's key in the round's `PayloadMemo`: its version as this presentation shows it. */
export function payloadKey(version: string, presentation: string): string {
  return `${version}|${presentation}`;
}

/** A fixture to present: its document, or the JSON the cache kept for its version (declared by reading). */
export type { PresentableFixture };

/** A fixture of a snapshot, in the polled endpoint's order, with the version it is shown at. */
export type SnapshotEntry = { id: number; version: StoredVersion; fixture: PresentableFixture };

/**
 * An enter/update/leave or snapshot event, as it went out, and to how many subscribers; a
 * `resume` is what a client resumed from another instance's event id got instead of a snapshot.
 */
export type IssuedEvent = { name: "snapshot" | "enter" | "update" | "leave" | "resume"; seq: number; to: number };

/** The data a round read (the live index's hash) and the change feed's watermark at its poll (resume-point.ts). */
export type DataPoint = { dataHash: string; watermarkMs: number };

/** What a resuming client's diff is made of (round-resumes.ts): what changed since its watermark, and the earlier answer of a window. */
export type ResumeSets = { changed: ReadonlySet<number>; earlier: ReadonlySet<number> | null };

const FIXTURE_OPEN = Buffer.from('{"fixture":');
const CLOSE = Buffer.from("}");
const HOUR_MS = 3_600_000;
/** How long a question that does not move with time reuses its built request (see `requestAt`). */
const FIXED_REQUEST_REUSE_MS = 60_000;

export class StandingQuery {
  readonly subscribers = new Set<Subscriber>();
  /** Subscribers waiting for the snapshot of the next full evaluation. */
  readonly waiting: Subscriber[] = [];
  /** Set when the next evaluation must read the whole result set (new subscribers, a fault, a rebuild). */
  needsFull = true;
  /** Set by a rebuild: everyone gets a fresh snapshot rather than a diff. */
  resnapshot = false;
  lastFullAt = 0;
  /** When the last subscriber left (kept a while so a reconnect can be replayed to). */
  idleSince: number | null = null;
  /**
   * Whether the question changes with the clock (a `window` of hours): then a membership
   * check finding a difference is the window moving, not a correction. Told by building the
   * request at two times, never by reading what the request means.
   */
  readonly movesWithTime: boolean;
  /**
   * For a question that moves with time: when its answer may next change by the clock alone,
   * as the last full read saw ahead (round-edges.ts); a check is due then. Infinity when
   * nothing changes before the next regular check, or nothing was looked ahead for.
   */
  nextEdgeAt = Number.POSITIVE_INFINITY;
  /** The request of a query that does not move with time, and when it was built. */
  private fixedRequest: { request: estypes.SearchRequest; builtAt: number } | null = null;
  private readonly membership = new Membership();
  private history: EventHistory;
  private seq = 0;
  /** The query's key hashed, as resume points name it. */
  readonly hash: string;
  /** The resume point every event id carries from the last round the query completed (`settle`). */
  private stamp = "";
  /** When the membership was evaluated in full as of the previous settle: everything it found has been sent since. */
  private sentFullAt = 0;

  constructor(
    readonly id: string,
    readonly spec: StandingQuerySpec,
    private readonly historySize: number,
    private readonly pool: HistoryPool,
    now = Date.now(),
  ) {
    this.history = new EventHistory(historySize, pool);
    this.movesWithTime = movesWithTime(spec, now);
    this.hash = shortHash(spec.key);
  }

  /**
   * After a round that judged every change the feed had reported for this query (or before any
   * event, its snapshot's round): from now on its event ids say that a client holding them holds
   * everything stored before `watermarkMs` of the data `dataHash` names. The full evaluation
   * they name is the one before the last: what a check finds is sent during the next round.
   */
  settle(point: DataPoint): void {
    this.stamp = resumeSuffix({ queryHash: this.hash, dataHash: point.dataHash, watermarkMs: point.watermarkMs, decidedAtMs: this.sentFullAt || this.lastFullAt });
    this.sentFullAt = this.lastFullAt;
  }

  private eventId(seq: number): string {
    return `${this.id}.${seq}${this.stamp}`;
  }

  /**
   * The query's request at `at`, built by its endpoint's builder; built once when it does not
   * move with time (a round plans every query, and most are thresholds, not windows), and
   * built again after FIXED_REQUEST_REUSE_MS all the same: the hour the probe compares could
   * miss a question that moves more slowly (a calendar day), and a minute-old request is cheap.
   */
  /** Whether the clock may have moved a fixture in or out of the answer since the last check (only a look-ahead sets a finite edge). */
  edgeDue(now: number): boolean {
    return now >= this.nextEdgeAt;
  }

  requestAt(at: Date): estypes.SearchRequest {
    if (this.movesWithTime) return this.spec.request(at);
    if (this.fixedRequest === null || Math.abs(at.getTime() - this.fixedRequest.builtAt) >= FIXED_REQUEST_REUSE_MS) {
      this.fixedRequest = { request: this.spec.request(at), builtAt: at.getTime() };
    }
    return this.fixedRequest.request;
  }

  /** The id of the last event issued: a snapshot carries it, so a reconnect resumes after it. */
  get lastEventId(): string {
    return this.eventId(this.seq);
  }

  get memberCount(): number {
    return this.membership.size;
  }

  get memberIds(): number[] {
    return this.membership.ids();
  }

  /** The version held of a member fixture. */
  held(id: number): StoredVersion | undefined {
    return this.membership.held(id);
  }

  /**
   * What a reconnecting client missed since `lastEventId`, or null when this query cannot
   * tell (another query's or instance's id, or too old): then it needs a snapshot.
   */
  replaySince(lastEventId: string | null): SseFrame[] | null {
    if (lastEventId === null) return null;
    const local = localEventId(lastEventId);
    const dot = local.lastIndexOf(".");
    if (dot < 0 || local.slice(0, dot) !== this.id) return null;
    const seq = Number(local.slice(dot + 1));
    if (!Number.isInteger(seq) || seq < 0) return null;
    return this.history.after(seq, this.seq);
  }

  /** The next evaluation reads the whole result set: someone needs a snapshot, or nothing held can be trusted. */
  get wantsSnapshot(): boolean {
    return this.needsFull || this.resnapshot || this.waiting.length > 0;
  }

  /** Of the fixtures that match now (`matches`), those whose version is not held: they enter or update, and need presenting. */
  behind(matches: ReadonlyMap<number, StoredVersion>): number[] {
    const ids: number[] = [];
    for (const [id, version] of matches) if (this.membership.isBehind(id, version)) ids.push(id);
    return ids;
  }

  /**
   * Applies Elasticsearch's answer about the fixtures in `asked`: `matching` are those of them
   * that match now, presentable. The changes go out as events to the current subscribers.
   */
  judge(asked: Iterable<number>, matching: ReadonlyArray<MatchingHit<PresentableFixture>>, memo: PayloadMemo = new Map()): IssuedEvent[] {
    return this.membership.apply(asked, matching).map((change) => this.broadcast(change, memo));
  }

  /**
   * Applies a membership check (ids and versions of the whole result set): what left goes out
   * at once; what entered or changed is returned, to be read with its document next round.
   */
  checkMembership(matches: ReadonlyMap<number, StoredVersion>, at: Date): { events: IssuedEvent[]; left: number[]; behind: number[] } {
    const left = this.membership.ids().filter((id) => !matches.has(id));
    this.lastFullAt = at.getTime();
    return { events: this.judge(left, []), left, behind: this.behind(matches) };
  }

  /**
   * Applies a full answer: the membership becomes exactly `entries`. Current subscribers get the
   * difference as events (or, after a rebuild, a fresh snapshot); waiting ones get a snapshot.
   * The round shows each entry at least at the version held (round-context.ts), so a new subscriber
   * never starts on an older state than the others hold.
   */
  applySnapshot(
    entries: readonly SnapshotEntry[],
    at: Date,
    memo: PayloadMemo = new Map(),
    resumes: ReadonlyMap<Subscriber, ResumeSets> = new Map(),
    point: DataPoint | null = null,
  ): IssuedEvent[] {
    const issued: IssuedEvent[] = [];
    if (this.resnapshot) {
      // Nothing from before the rebuild can be replayed: a reconnect with an older id gets a snapshot.
      this.seq += 1;
      this.history.discard();
      this.history = new EventHistory(this.historySize, this.pool);
      this.membership.reset(entries);
      this.resnapshot = false;
      this.waiting.push(...this.subscribers);
      this.subscribers.clear();
    } else {
      const asked = new Set([...this.membership.ids(), ...entries.map((entry) => entry.id)]);
      issued.push(...this.judge(asked, entries.map(({ id, version, fixture }) => ({ id, version, hit: fixture })), memo));
    }
    // The answer read after this round's poll, all of it sent from here on: the snapshot's and the
    // resumes' ids say so (the events above, to those already subscribed, keep the previous point).
    if (point) {
      this.sentFullAt = at.getTime();
      this.stamp = resumeSuffix({ queryHash: this.hash, dataHash: point.dataHash, watermarkMs: point.watermarkMs, decidedAtMs: at.getTime() });
    }
    if (this.waiting.length > 0) {
      let snapshot: SseFrame | null = null;
      let to = 0;
      let resumed = 0;
      for (const subscriber of this.waiting.splice(0)) {
        if (subscriber.closed) continue;
        const resume = resumes.get(subscriber);
        if (resume) {
          // The diff stands for a snapshot, and is written as one: with a snapshot's allowance, so a
          // slow client is not cut off half-way through it by the limit on what it has not taken.
          const frames = this.resumeFrames(entries, resume, memo, subscriber.lastEventId!);
          if (frames.length > 0) subscriber.writeSnapshot(frames.flat(), frames.length);
          resumed += 1;
        } else {
          subscriber.writeSnapshot((snapshot ??= this.snapshotFrame(entries, at, memo)));
          to += 1;
        }
        this.subscribers.add(subscriber);
      }
      if (to > 0) issued.push({ name: "snapshot", seq: this.seq, to });
      if (resumed > 0) issued.push({ name: "resume", seq: this.seq, to: resumed });
    }
    this.needsFull = false;
    this.lastFullAt = at.getTime();
    return issued;
  }

  /**
   * A resuming client's diff (resume-point.ts, `resumeDiff`), as `update` and `leave` events:
   * applied like any event, it holds the answer of `entries`. Only the last event carries the
   * query's current id; the others carry the id the client came back with (`from`). The current id
   * says the client holds everything up to now, which is true only once the whole diff arrived: a
   * connection cut half-way comes back from where it came and gets the diff (or a snapshot) again,
   * never a point past what it holds.
   */
  private resumeFrames(entries: readonly SnapshotEntry[], resume: ResumeSets, memo: PayloadMemo, from: string): SseFrame[] {
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const { set, leave } = resumeDiff([...byId.keys()], resume.changed, resume.earlier);
    const last = set.length + leave.length - 1;
    const id = (i: number) => (i === last ? this.lastEventId : from);
    return [
      ...set.map((fixtureId, i) => sseFrame(id(i), "update", [FIXTURE_OPEN, this.presented(byId.get(fixtureId)!.fixture, memo), CLOSE])),
      ...leave.map((fixtureId, i): SseFrame => [sseEvent(id(set.length + i), "leave", JSON.stringify({ fixture_id: fixtureId }))]),
    ];
  }

  /** Adds a reconnecting subscriber that can be replayed to: no Elasticsearch round trip. */
  resume(subscriber: Subscriber, missed: readonly SseFrame[]): void {
    for (const frame of missed) subscriber.write(frame);
    this.subscribers.add(subscriber);
  }

  remove(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
    const waiting = this.waiting.indexOf(subscriber);
    if (waiting >= 0) this.waiting.splice(waiting, 1);
  }

  get isIdle(): boolean {
    return this.subscribers.size === 0 && this.waiting.length === 0;
  }

  /** The query leaves the hub: its replay memory goes back to the pool. */
  discard(): void {
    this.history.discard();
  }

  private broadcast(change: MembershipChange<PresentableFixture>, memo: PayloadMemo): IssuedEvent {
    this.seq += 1;
    const id = this.eventId(this.seq);
    const frame: SseFrame =
      change.kind === "leave"
        ? [sseEvent(id, "leave", JSON.stringify({ fixture_id: change.id }))]
        : sseFrame(id, change.kind, [FIXTURE_OPEN, this.presented(change.hit, memo, "kept"), CLOSE]);
    this.history.add({ seq: this.seq, frame });
    for (const subscriber of this.subscribers) subscriber.write(frame);
    return { name: change.kind, seq: this.seq, to: this.subscribers.size };
  }

  /**
   * The fixture's JSON as this query shows it: made once per round for all queries that show it
   * alike. For an event (`kept`), which stays in the replay history for many rounds, a copy of its
   * own: a small cache entry is a view of Node's shared 8 KiB buffer pool, and a kept view would
   * hold the whole block while the history counts only the view. A snapshot is written and gone,
   * so it sends the cache's bytes as they are.
   */
  private presented(fixture: PresentableFixture, memo: PayloadMemo, use: "kept" | "sent" = "sent"): Buffer {
    const shown = fixture.version === null ? null : payloadKey(fixture.version, this.spec.presentation);
    const key = shown === null || use === "sent" ? shown : `${shown}|kept`;
    const known = key === null ? undefined : memo.get(key);
    if (known) return known;
    const chunks = this.spec.present(fixture);
    const json = use === "sent" && chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    if (key !== null) memo.set(key, json);
    return json;
  }

  /** The snapshot as the polled endpoint's list with its time: the fixtures' JSON is shared, never copied into one buffer per query. */
  private snapshotFrame(entries: readonly SnapshotEntry[], at: Date, memo: PayloadMemo): SseFrame {
    const list = fixtureListJson("fixtures", entries.map((entry) => [this.presented(entry.fixture, memo)]), { at: at.toISOString() });
    return sseFrame(this.lastEventId, "snapshot", list.parts);
  }
}

/** Whether the spec's request differs an hour later; a builder that fails is the round's to report (round-planner.ts). */
function movesWithTime(spec: StandingQuerySpec, now: number): boolean {
  try {
    const at = (ms: number) => JSON.stringify(spec.request(new Date(ms)));
    return at(now) !== at(now + HOUR_MS);
  } catch {
    return false;
  }
}
