import type { estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../domain/fixture/fixture-document.js";
import { versionedFixtures, type VersionedFixture } from "../store/hit-version.js";
import { EventHistory } from "./event-history.js";
import { Membership, type MatchingHit, type MembershipChange, type StoredVersion } from "./membership.js";
import { sseEvent } from "./sse-frames.js";
import type { Subscriber } from "./subscriber.js";

/**
 * One distinct standing query and everyone subscribed to it. Its question is the polled
 * endpoint's own request (the same builder, so the stream and the endpoint can never
 * disagree); its answer is kept as a membership of fixture versions; what changes is
 * presented once and the same bytes go to every subscriber.
 */
export type StandingQuerySpec = {
  /** The normalized query: equal keys share one standing query. */
  key: string;
  /** The polled endpoint's request for its whole result set at `now`. */
  request: (now: Date) => estypes.SearchRequest;
  /** The fixture as the polled endpoint presents it (the presented-JSON cache's chunks). */
  present: (fixture: VersionedFixture) => Buffer[];
};

export type FixtureHit = estypes.SearchHit<FixtureDocument>;

/** An enter/update/leave or snapshot event, as it went out, and to how many subscribers. */
export type IssuedEvent = { name: "snapshot" | "enter" | "update" | "leave"; seq: number; to: number };

/** Replay memory per standing query: with a hundred distinct queries, 25 MiB at most. */
const HISTORY_MAX_BYTES = 256 * 1024;

const FIXTURES_OPEN = Buffer.from('{"fixtures":[');
const FIXTURE_OPEN = Buffer.from('{"fixture":');
const CLOSE = Buffer.from("}");
const COMMA = Buffer.from(",");

export class StandingQuery {
  readonly subscribers = new Set<Subscriber>();
  /** Subscribers waiting for the snapshot of the next full evaluation. */
  readonly waiting: Subscriber[] = [];
  /** Set when the next evaluation must read the whole result set (new subscribers, a fault, a rebuild). */
  needsFull = true;
  /** Fixtures a membership check found new or changed: read with their documents next round. */
  readonly pending = new Set<number>();
  /** Set by a rebuild: everyone gets a fresh snapshot rather than a diff. */
  resnapshot = false;
  lastFullAt = 0;
  /** When the last subscriber left (kept a while so a reconnect can be replayed to). */
  idleSince: number | null = null;
  private readonly membership = new Membership();
  private history: EventHistory;
  private seq = 0;

  constructor(
    readonly id: string,
    readonly spec: StandingQuerySpec,
    private readonly historySize: number,
  ) {
    this.history = new EventHistory(historySize, HISTORY_MAX_BYTES);
  }

  /** The id of the last event issued: a snapshot carries it, so a reconnect resumes after it. */
  get lastEventId(): string {
    return `${this.id}.${this.seq}`;
  }

  /**
   * What a reconnecting client missed since `lastEventId`, or null when this query cannot
   * tell (another query's or instance's id, or too old): then it needs a snapshot.
   */
  replaySince(lastEventId: string | null): Buffer[] | null {
    if (lastEventId === null) return null;
    const dot = lastEventId.lastIndexOf(".");
    if (dot < 0 || lastEventId.slice(0, dot) !== this.id) return null;
    const seq = Number(lastEventId.slice(dot + 1));
    if (!Number.isInteger(seq) || seq < 0) return null;
    return this.history.after(seq, this.seq);
  }

  /** The next evaluation reads the whole result set with documents: someone needs a snapshot, or nothing held can be trusted. */
  get wantsSnapshot(): boolean {
    return this.needsFull || this.resnapshot || this.waiting.length > 0;
  }

  /**
   * Applies a membership check (ids and versions of the whole result set): what left goes out
   * at once; what entered or changed is read with its document in the next round.
   */
  applyMembership(hits: readonly FixtureHit[], at: Date): IssuedEvent[] {
    const matching = new Set(hits.map(hitId));
    const left = this.membership.ids().filter((id) => !matching.has(id));
    for (const { id, version } of matchingHits(hits)) if (this.membership.isBehind(id, version)) this.pending.add(id);
    this.lastFullAt = at.getTime();
    return this.applyChanges(left, []);
  }

  /**
   * Applies the answer about the fixtures in `asked` (a full evaluation asks about every
   * member and every hit): the changes go out as events to the current subscribers.
   */
  applyChanges(asked: Iterable<number>, hits: readonly FixtureHit[]): IssuedEvent[] {
    const changes = this.membership.apply(asked, matchingHits(hits));
    return changes.map((change) => this.broadcast(change));
  }

  /**
   * Applies a full answer: the membership becomes exactly `hits`. Current subscribers get the
   * difference as events (or, after a rebuild, a fresh snapshot); waiting ones get a snapshot.
   */
  applyFull(hits: readonly FixtureHit[], at: Date): IssuedEvent[] {
    const issued: IssuedEvent[] = [];
    if (this.resnapshot) {
      // Nothing from before the rebuild can be replayed: a reconnect with an older id gets a snapshot.
      this.seq += 1;
      this.history = new EventHistory(this.historySize, HISTORY_MAX_BYTES);
      this.membership.reset(matchingHits(hits));
      this.resnapshot = false;
      this.waiting.push(...this.subscribers);
      this.subscribers.clear();
    } else {
      issued.push(...this.applyChanges(new Set([...this.membership.ids(), ...hits.map(hitId)]), hits));
    }
    if (this.waiting.length > 0) {
      const snapshot = this.snapshotBytes(hits, at);
      let to = 0;
      for (const subscriber of this.waiting.splice(0)) {
        if (subscriber.closed) continue;
        subscriber.write(snapshot);
        this.subscribers.add(subscriber);
        to += 1;
      }
      issued.push({ name: "snapshot", seq: this.seq, to });
    }
    this.needsFull = false;
    this.pending.clear();
    this.lastFullAt = at.getTime();
    return issued;
  }

  /** Adds a reconnecting subscriber that can be replayed to: no Elasticsearch round trip. */
  resume(subscriber: Subscriber, missed: readonly Buffer[]): void {
    for (const bytes of missed) subscriber.write(bytes);
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

  get memberIds(): number[] {
    return this.membership.ids();
  }

  private broadcast(change: MembershipChange<FixtureHit>): IssuedEvent {
    this.seq += 1;
    const id = `${this.id}.${this.seq}`;
    const bytes =
      change.kind === "leave"
        ? sseEvent(id, "leave", JSON.stringify({ fixture_id: change.id }))
        : sseEvent(id, change.kind, Buffer.concat([FIXTURE_OPEN, ...this.presentHit(change.hit), CLOSE]));
    this.history.add({ seq: this.seq, bytes });
    for (const subscriber of this.subscribers) subscriber.write(bytes);
    return { name: change.kind, seq: this.seq, to: this.subscribers.size };
  }

  private snapshotBytes(hits: readonly FixtureHit[], at: Date): Buffer {
    const chunks: Buffer[] = [FIXTURES_OPEN];
    versionedFixtures(hits).forEach((fixture, i) => {
      if (i > 0) chunks.push(COMMA);
      chunks.push(...this.spec.present(fixture));
    });
    chunks.push(Buffer.from(`],"at":${JSON.stringify(at.toISOString())}}`));
    return sseEvent(this.lastEventId, "snapshot", Buffer.concat(chunks));
  }

  private presentHit(hit: FixtureHit): Buffer[] {
    const [fixture] = versionedFixtures([hit]);
    return fixture ? this.spec.present(fixture) : [Buffer.from("null")];
  }
}

const hitId = (hit: FixtureHit): number => Number(hit._id);

function matchingHits(hits: readonly FixtureHit[]): Array<MatchingHit<FixtureHit>> {
  return hits.flatMap((hit) => {
    const version = storedVersion(hit);
    return version ? [{ id: hitId(hit), version, hit }] : [];
  });
}

function storedVersion(hit: FixtureHit): StoredVersion | null {
  if (hit._seq_no == null || hit._primary_term == null) return null;
  return { index: hit._index, seqNo: hit._seq_no, primaryTerm: hit._primary_term };
}
