import { versionKey, type StoredVersion } from "./membership.js";
import type { RoundContext } from "./round-context.js";
import { aheadQueries, checkedAnswers, scheduleEdges } from "./round-edges.js";
import { named, type Ask } from "./round-planner.js";
import type { StandingQuery } from "./standing-query.js";

/** The checks part of a round: one paged search reads the membership of every query checked this round. */
export async function checkMemberships(ctx: RoundContext, asks: readonly Ask[]): Promise<void> {
  const { matches, failed } = await ctx.reader.matchesOfAll([...named(asks), ...aheadQueries(ctx, asks)]);
  const missed = new Map<StandingQuery, number>();
  const leftAtJudged: Array<{ query: StandingQuery; id: number; held: StoredVersion }> = [];
  for (const { query } of asks) {
    const error = failed.get(query.id);
    if (error) {
      ctx.hooks.failed(query, error);
      continue;
    }
    const found = matches.get(query.id)!;
    if (found.size > ctx.snapshotMax) {
      ctx.hooks.tooLarge(query);
      continue;
    }
    ctx.safely(query, () => {
      // Only a query that does not move with time can be corrected: only its versions are kept to tell.
      const before = query.movesWithTime ? null : new Map(query.memberIds.map((id) => [id, query.held(id)!]));
      const { events, left, behind } = query.checkMembership(found, ctx.at);
      ctx.hooks.issued(events);
      for (const id of behind) ctx.carry.add(id);
      if (before) {
        // The change rounds judged these very versions otherwise: a correction, not news.
        const behindJudged = behind.filter((id) => ctx.hooks.reportedVersion(id) === versionKey(id, found.get(id)!)).length;
        if (behindJudged > 0) missed.set(query, behindJudged);
        for (const id of left) {
          const held = before.get(id)!;
          if (ctx.hooks.reportedVersion(id) === versionKey(id, held)) leftAtJudged.push({ query, id, held });
        }
      }
    });
  }
  await leftUnchanged(ctx, leftAtJudged, missed);
  for (const [query, fixtures] of missed) ctx.hooks.corrected(query, fixtures);
  await scheduleEdges(ctx, checkedAnswers(asks, matches, failed));
}

/**
 * A fixture a check found gone is a correction only if it is still stored at the version the
 * change rounds judged: the check reads the index as it is now, so a write after the feed's
 * last poll (the next round's news, in a slow round) also makes a fixture leave. Counted in
 * `missed`; if the versions cannot be read, the fixtures that left are not counted (the events
 * went out regardless) and the hub is told, so an operator sees why.
 */
async function leftUnchanged(ctx: RoundContext, left: ReadonlyArray<{ query: StandingQuery; id: number; held: StoredVersion }>, missed: Map<StandingQuery, number>): Promise<void> {
  if (left.length === 0) return;
  let stored: Map<number, StoredVersion>;
  try {
    stored = await ctx.reader.versions([...new Set(left.map(({ id }) => id))]);
  } catch (error) {
    ctx.hooks.uncounted(error as Error, left.length, [...new Set(left.map(({ query }) => query.id))]);
    return;
  }
  for (const { query, id, held } of left) {
    const now = stored.get(id);
    if (now && versionKey(id, now) === versionKey(id, held)) missed.set(query, (missed.get(query) ?? 0) + 1);
  }
}
