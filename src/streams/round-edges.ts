import type { estypes } from "@elastic/elasticsearch";
import type { NamedQuery } from "../search/streams/named-queries.js";
import type { RoundContext } from "./round-context.js";
import type { Ask } from "./round-planner.js";
import type { Matches } from "./standing-reader.js";
import type { StandingQuery } from "./standing-query.js";

/**
 * When each window's answer next changes by the clock alone (docs/streams.md, "Windows and the
 * clock"). Whenever a window's whole answer is read (a snapshot, a resume, a membership check),
 * its answer `lookAheadMs` later is read beside it: the same builder at a later instant, in the
 * same request. The fixtures in one answer and not in the other are those the clock moves
 * before then, and their kick-offs, through the window's own edges
 * (`StandingQuerySpec.clockEdges`), say when: the query's next check is due at the nearest.
 * Elasticsearch still decides every membership; this only decides when to ask again.
 */
const AHEAD = ">ahead";

/** Whether `query` is a window whose answer is looked ahead for in this round. */
function looksAhead(ctx: RoundContext, query: StandingQuery): boolean {
  return ctx.lookAheadMs > 0 && query.movesWithTime && query.spec.clockEdges !== undefined;
}

/** The request of `query`'s answer `lookAheadMs` after the round, or null (not a window, or its builder fails then: its regular checks stand). */
export function aheadRequest(ctx: RoundContext, query: StandingQuery): estypes.SearchRequest | null {
  if (!looksAhead(ctx, query)) return null;
  try {
    return query.requestAt(new Date(ctx.at.getTime() + ctx.lookAheadMs));
  } catch {
    return null;
  }
}

/** A check's named queries for the answers ahead of the windows among `asks`, named after their query. */
export function aheadQueries(ctx: RoundContext, asks: readonly Ask[]): NamedQuery[] {
  const named: NamedQuery[] = [];
  for (const { query } of asks) {
    const request = aheadRequest(ctx, query);
    if (request) named.push({ name: query.id + AHEAD, query: request.query ?? { match_all: {} } });
  }
  return named;
}

/** A window's answer now and ahead, as ids. */
export type AnswersAhead = { query: StandingQuery; now: Iterable<number>; later: ReadonlySet<number> };

/** The answers now and ahead of the checked windows, where both were read. */
export function checkedAnswers(asks: readonly Ask[], matches: Matches, failed: ReadonlyMap<string, Error>): AnswersAhead[] {
  const answers: AnswersAhead[] = [];
  for (const { query } of asks) {
    const now = matches.get(query.id);
    const later = matches.get(query.id + AHEAD);
    if (now && later && !failed.has(query.id) && !failed.has(query.id + AHEAD)) answers.push({ query, now: now.keys(), later: new Set(later.keys()) });
  }
  return answers;
}

/**
 * Sets each window's `nextEdgeAt` from its answers now and ahead: the nearest edge of a fixture
 * in one and not the other, or Infinity when none moves before the next regular check (also
 * when the kick-offs cannot be read: the regular checks stand, as without looking ahead).
 */
export async function scheduleEdges(ctx: RoundContext, answers: readonly AnswersAhead[]): Promise<void> {
  const moving: Array<{ query: StandingQuery; moved: number[] }> = [];
  const ids = new Set<number>();
  for (const { query, now, later } of answers) {
    query.nextEdgeAt = Number.POSITIVE_INFINITY;
    const held = new Set(now);
    const moved = [...held].filter((id) => !later.has(id));
    for (const id of later) if (!held.has(id)) moved.push(id);
    if (moved.length === 0) continue;
    moving.push({ query, moved });
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
  for (const { query, moved } of moving) {
    for (const id of moved) {
      const kickOff = kickOffs.get(id);
      if (kickOff === undefined) continue;
      for (const edge of query.spec.clockEdges!(kickOff)) {
        if (edge > from && edge <= until && edge < query.nextEdgeAt) query.nextEdgeAt = edge;
      }
    }
  }
}
