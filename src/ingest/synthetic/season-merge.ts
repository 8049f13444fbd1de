import type { CatalogMatch } from "../../domain/catalog.js";
import { byKickoff, readFrom, type MatchesFrom } from "../catalog-source.js";

/**
 * A season whose matches are made only when the merge reaches it: no match of it kicks off before
 * `startsAt` nor at `endsBy` or later (ISO; both checked when it is made), so the merge opens it
 * just in time and drops it once read, and a merge that starts later than `endsBy` never makes it
 * (a walk resumed at a checkpoint that planned one of its fixtures fails, match-plans.ts: today
 * only the base part, which is always read, has fixtures a checkpoint plans).
 */
export type LazySeason = { startsAt: string; endsBy: string; matches: () => CatalogMatch[] };

/**
 * Every match of `ready` (sorted) and of the lazy seasons, in kick-off order (then id); with
 * `from`, only those a walk resumed there reads (`readFrom`): a lazy season that ends before its
 * instant is not made. A lazy season is made when the next match to yield would kick off at or
 * after its `startsAt`, so at any moment only the seasons in progress are held: memory follows
 * the leagues, not history.
 */
export function* mergeSeasons(ready: readonly CatalogMatch[], lazy: readonly LazySeason[], from?: MatchesFrom): Generator<CatalogMatch> {
  const pending = lazy.filter((season) => !from || season.endsBy > from.instant).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const heap = new MatchHeap();
  const read = (matches: readonly CatalogMatch[]) => (from ? matches.filter((match) => readFrom(match, from)) : matches);
  const readyRead = read(ready);
  if (readyRead.length > 0) heap.push({ matches: readyRead, next: 0 });
  let nextPending = 0;
  let last: CatalogMatch | undefined;
  for (;;) {
    const head = heap.peek();
    const upcoming = pending[nextPending];
    if (upcoming && (!head || upcoming.startsAt <= head.matches[head.next]!.date_time)) {
      const made = upcoming.matches().sort(byKickoff);
      const late = made.find((match) => match.date_time >= upcoming.endsBy);
      if (late) throw new Error(`synthetic season out of bounds at fixture ${late.id}: it kicks off after the season's endsBy`);
      const matches = read(made);
      nextPending++;
      if (matches.length > 0) heap.push({ matches, next: 0 });
      continue;
    }
    if (!head) return;
    const match = head.matches[head.next]!;
    if (last && byKickoff(last, match) > 0) throw new Error(`synthetic seasons out of order at fixture ${match.id}: a season starts before its startsAt`);
    last = match;
    yield match;
    heap.advance();
  }
}

type Cursor = { matches: readonly CatalogMatch[]; next: number };

/** A binary min-heap of season cursors by their next match. */
class MatchHeap {
  private readonly items: Cursor[] = [];

  peek(): Cursor | undefined {
    return this.items[0];
  }

  push(cursor: Cursor): void {
    this.items.push(cursor);
    let at = this.items.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (this.before(parent, at)) break;
      this.swap(at, parent);
      at = parent;
    }
  }

  /** Moves the head's cursor on, dropping it when its season is read. */
  advance(): void {
    const head = this.items[0]!;
    head.next++;
    if (head.next >= head.matches.length) {
      const tail = this.items.pop()!;
      if (this.items.length === 0) return;
      this.items[0] = tail;
    }
    this.siftDown(0);
  }

  private siftDown(from: number): void {
    let at = from;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let smallest = at;
      if (left < this.items.length && !this.before(smallest, left)) smallest = left;
      if (right < this.items.length && !this.before(smallest, right)) smallest = right;
      if (smallest === at) return;
      this.swap(at, smallest);
      at = smallest;
    }
  }

  private before(a: number, b: number): boolean {
    const x = this.items[a]!;
    const y = this.items[b]!;
    return byKickoff(x.matches[x.next]!, y.matches[y.next]!) <= 0;
  }

  private swap(a: number, b: number): void {
    [this.items[a], this.items[b]] = [this.items[b]!, this.items[a]!];
  }
}
