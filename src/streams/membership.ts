/**
 * Which fixtures a standing query holds, and what a new answer of Elasticsearch changes
 * about that: the only place that turns answers into enter / update / leave. It never
 * decides whether a fixture matches (Elasticsearch answered that with the polled
 * endpoint's own query); it only compares versions, so a subscriber is never sent an
 * older state of a fixture after a newer one.
 */

/** The stored version of a fixture as a search hit reports it. */
export type StoredVersion = { index: string; seqNo: number; primaryTerm: number };

export type MatchingHit<Hit> = { id: number; version: StoredVersion; hit: Hit };

export type MembershipChange<Hit> =
  | { kind: "enter"; id: number; hit: Hit }
  | { kind: "update"; id: number; hit: Hit }
  | { kind: "leave"; id: number };

/**
 * True when `next` is a later state than `previous`. Within one index a write raises the
 * sequence number (a new primary term only ever follows); another index is a rebuild's
 * new version, which always replaces the old one.
 */
export function isNewer(next: StoredVersion, previous: StoredVersion): boolean {
  if (next.index !== previous.index) return true;
  if (next.primaryTerm !== previous.primaryTerm) return next.primaryTerm > previous.primaryTerm;
  return next.seqNo > previous.seqNo;
}

export class Membership {
  private readonly members = new Map<number, StoredVersion>();

  get size(): number {
    return this.members.size;
  }

  has(id: number): boolean {
    return this.members.has(id);
  }

  ids(): number[] {
    return [...this.members.keys()];
  }

  /** The version held of fixture `id`, if it is a member. */
  held(id: number): StoredVersion | undefined {
    return this.members.get(id);
  }

  /** True when `version` of fixture `id` is not held yet: it would enter or update. */
  isBehind(id: number, version: StoredVersion): boolean {
    const held = this.members.get(id);
    return held === undefined || isNewer(version, held);
  }

  /** Forgets everything and holds exactly `hits` (a snapshot). */
  reset(hits: ReadonlyArray<{ id: number; version: StoredVersion }>): void {
    this.members.clear();
    for (const { id, version } of hits) this.members.set(id, version);
  }

  /**
   * Applies the answer for the fixtures in `asked`: `matching` are those of them that match
   * now. An asked fixture that no longer matches leaves; one that matches enters or, when
   * its version is newer than the one held, updates. Fixtures not asked about are untouched.
   */
  apply<Hit>(asked: Iterable<number>, matching: ReadonlyArray<MatchingHit<Hit>>): Array<MembershipChange<Hit>> {
    const changes: Array<MembershipChange<Hit>> = [];
    const matched = new Set<number>();
    for (const { id, version, hit } of matching) {
      matched.add(id);
      const held = this.members.get(id);
      if (held === undefined) changes.push({ kind: "enter", id, hit });
      else if (isNewer(version, held)) changes.push({ kind: "update", id, hit });
      else continue;
      this.members.set(id, version);
    }
    for (const id of asked) {
      if (matched.has(id) || !this.members.has(id)) continue;
      this.members.delete(id);
      changes.push({ kind: "leave", id });
    }
    return changes;
  }
}

/** The later of two versions (undefined counts as older than any). */
export function newerOf(a: StoredVersion, b: StoredVersion | undefined): StoredVersion {
  return b !== undefined && isNewer(b, a) ? b : a;
}

/** The version as the presented-JSON cache keys it (src/store/hit-version.ts, `hitVersion`). */
export function versionKey(id: number, version: StoredVersion): string {
  return `${version.index}/${id}/${version.seqNo}/${version.primaryTerm}`;
}
