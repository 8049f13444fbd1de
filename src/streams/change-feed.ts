import type { Client, estypes } from "@elastic/elasticsearch";
import { changedFixtureOf, changedFixturesRequest, CHANGE_PAGE_SIZE } from "../search/streams/changed-fixtures-query.js";
import { aliasIdentity } from "../store/index-state.js";
import { searchHits } from "../store/searches.js";

/**
 * The fixtures that changed since the last poll, read from Elasticsearch alone, so that every
 * instance of the service can run its own feed and any number of instances work behind a
 * load balancer (docs/streams.md, "The change feed").
 *
 * Each poll reads the fixtures whose `updated_at` is at or after the cursor minus an overlap,
 * and reports those whose stored version (`_index`/`_seq_no`/`_primary_term`) it has not seen:
 * - a write becomes searchable only at the next refresh (500 ms, indices/fixtures.json), possibly after later writes
 *   have moved the cursor past its `updated_at`: the overlap reads it all the same;
 * - writers' clocks may differ: the cursor never runs ahead of this instance's clock, so a
 *   writer behind by less than the overlap loses nothing (and every standing query is also
 *   evaluated in full periodically, which catches anything else);
 * - the same write read twice (inside the overlap) is reported once;
 * - a burst larger than one poll reads (`maxPages` pages) is read on from where the poll
 *   stopped: started again from the cursor, a burst within the overlap would be read from its
 *   beginning every time and what came after it never.
 * A rebuild puts a new index behind the alias: that is a change of everything, reported as
 * `reset` rather than as a list of ids.
 */
export type FeedPoll = { reset: boolean; ids: number[] };

export type ChangeFeedOptions = {
  overlapMs: number;
  maxPages: number;
  now: () => number;
  aliasCheckMs: number;
  /** Shard-copy preference: the standing queries' reads go to the same copies (stream-hub.ts). */
  preference: string;
  /** Fixtures whose last reported version is remembered (`reportedVersion`). */
  reportedMax: number;
};

const DEFAULT_OPTIONS: ChangeFeedOptions = { overlapMs: 5_000, maxPages: 20, now: Date.now, aliasCheckMs: 1_000, preference: "change-feed", reportedMax: 50_000 };

type Seen = { version: string; updatedAtMs: number };

export class ChangeFeed {
  private readonly options: ChangeFeedOptions;
  private readonly seen = new Map<number, Seen>();
  private readonly reported = new Map<number, string>();
  private cursorMs: number;
  private identity: string | null = null;
  private identityCheckedAt = 0;
  /** Where the last poll stopped in a burst it could not read to the end. */
  private resumeAfter: estypes.SortResults | undefined;

  constructor(
    private readonly es: Client,
    private readonly alias: string,
    options: Partial<ChangeFeedOptions> = {},
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
    this.cursorMs = this.options.now();
  }

  /**
   * Every change stored with an `updated_at` before this time has been reported by the polls so
   * far: the cursor less the overlap, inside which a write may still become searchable.
   */
  get watermarkMs(): number {
    return this.cursorMs - this.options.overlapMs;
  }

  /** Which index the alias pointed at when it was last read (null before the first poll). */
  get dataIdentity(): string | null {
    return this.identity;
  }

  async poll(): Promise<FeedPoll> {
    // A rebuild is rare: which index the alias points at is read once a second, not every poll.
    if (this.options.now() - this.identityCheckedAt < this.options.aliasCheckMs) return { reset: false, ids: await this.readChanges() };
    const identity = await aliasIdentity(this.es, this.alias);
    this.identityCheckedAt = this.options.now();
    if (this.identity !== identity) {
      const first = this.identity === null;
      this.identity = identity;
      this.seen.clear();
      this.reported.clear();
      this.resumeAfter = undefined;
      this.cursorMs = this.options.now();
      if (!first) return { reset: true, ids: [] };
    }
    return { reset: false, ids: await this.readChanges() };
  }

  /**
   * Reads the changes since the cursor. Nothing is committed (versions seen, cursor, where a
   * burst stops) until every page of the poll was read: a poll that fails part way is read
   * again whole, so no change it half-read looks already seen.
   */
  private async readChanges(): Promise<number[]> {
    const since = this.cursorMs - this.options.overlapMs;
    const changed: number[] = [];
    const seenNow = new Map<number, Seen>();
    let newest = this.cursorMs;
    let after = this.resumeAfter;
    let resumeAfter: estypes.SortResults | undefined;
    for (let page = 0; page < this.options.maxPages; page += 1) {
      const request = { ...changedFixturesRequest(this.alias, since, after), preference: this.options.preference };
      const hits = await searchHits<never>(this.es, request);
      for (const hit of hits) {
        const read = changedFixtureOf(hit);
        if (read === null) continue;
        const { id, version, updatedAtMs } = read;
        const known = seenNow.get(id) ?? this.seen.get(id);
        if (known?.version !== version) changed.push(id);
        seenNow.set(id, { version, updatedAtMs });
        if (updatedAtMs > newest) newest = updatedAtMs;
      }
      if (hits.length < CHANGE_PAGE_SIZE) break;
      after = hits.at(-1)!.sort;
      if (page === this.options.maxPages - 1) resumeAfter = after;
    }
    for (const [id, seen] of seenNow) {
      this.seen.set(id, seen);
      this.remember(id, seen.version);
    }
    this.resumeAfter = resumeAfter;
    // Never ahead of this instance's clock: a writer whose clock runs fast must not make
    // the feed skip what a writer on time writes next.
    this.cursorMs = Math.min(newest, this.options.now());
    this.forgetBefore(this.cursorMs - this.options.overlapMs);
    return [...new Set(changed)];
  }

  /**
   * The last version of a fixture this feed reported, while it remembers it (the most recent
   * `reportedMax` fixtures): a membership check tells a correction from news with it.
   */
  reportedVersion(id: number): string | undefined {
    return this.reported.get(id);
  }

  private remember(id: number, version: string): void {
    this.reported.delete(id);
    this.reported.set(id, version);
    if (this.reported.size > this.options.reportedMax) this.reported.delete(this.reported.keys().next().value!);
  }

  /** Writes older than the overlap are never read again, so their versions need not be kept. */
  private forgetBefore(ms: number): void {
    for (const [id, seen] of this.seen) if (seen.updatedAtMs < ms) this.seen.delete(id);
  }
}
