import type { NamedQuery } from "../search/streams/named-queries.js";
import type { RoundContext } from "./round-context.js";
import type { Ask } from "./round-planner.js";
import type { Matches } from "./standing-reader.js";

/**
 * When each window's answer next changes by the clock alone (docs/streams.md, "Windows and the
 * clock"). A check asks, beside a window's answer now, its answer `lookAheadMs` later: the same
 * builder at a later instant, in the same search. The fixtures in one and not in the other are
 * those the clock moves before then, and their kick-offs, through the window's own edges
 * (`StandingQuerySpec.clockEdges`), say when: the query's next check is due at the nearest.
 * Elasticsearch still decides every membership; this only decides when to ask again.
 */
const AHEAD = ">ahead";

/** The answers `lookAheadMs` after the round of each window among `asks`, named after their query. */
export function aheadQueries(ctx: RoundContext, asks: readonly Ask[]): NamedQuery[] {
  if (ctx.lookAheadMs <= 0) return [];
  const later = new Date(ctx.at.getTime() + ctx.lookAheadMs);
  const named: NamedQuery[] = [];
  for (const { query } of asks) {
    if (!query.movesWithTime || !query.spec.clockEdges) continue;
    try {
      named.push({ name: query.id + AHEAD, query: query.requestAt(later).query ?? { match_all: {} } });
    } catch {
      // A request that cannot be built later is not looked ahead for: its regular checks stand.
    }
  }
  return named;
}

/**
 * Sets each window's `nextEdgeAt` from the answers now and ahead: the nearest edge of a fixture
 * in one and not the other, or Infinity when none moves before the next regular check (also
 * when the kick-offs cannot be read: the regular checks stand, as without looking ahead).
 */
export async function scheduleEdges(ctx: RoundContext, asks: readonly Ask[], matches: Matches, failed: ReadonlyMap<string, Error>): Promise<void> {
  const moving: Array<{ ask: Ask; moved: number[] }> = [];
  const ids = new Set<number>();
  for (const ask of asks) {
    const now = matches.get(ask.query.id);
    const later = matches.get(ask.query.id + AHEAD);
    if (!now || !later || failed.has(ask.query.id) || failed.has(ask.query.id + AHEAD)) continue;
    ask.query.nextEdgeAt = Number.POSITIVE_INFINITY;
    const moved = [...now.keys()].filter((id) => !later.has(id));
    for (const id of later.keys()) if (!now.has(id)) moved.push(id);
    if (moved.length === 0) continue;
    moving.push({ ask, moved });
    for (const id of moved) ids.add(id);
  }
  if (moving.length === 0) return;
  let kickOffs: Map<number, number>;
  try {
    kickOffs = await ctx.reader.kickOffs([...ids]);
  } catch {
    return;
  }
  const from = ctx.at.getTime();
  const until = from + ctx.lookAheadMs;
  for (const { ask, moved } of moving) {
    const { query } = ask;
    for (const id of moved) {
      const kickOff = kickOffs.get(id);
      if (kickOff === undefined) continue;
      for (const edge of query.spec.clockEdges!(kickOff)) {
        if (edge > from && edge <= until && edge < query.nextEdgeAt) query.nextEdgeAt = edge;
      }
    }
  }
}
