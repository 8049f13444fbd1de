import { versionKey, type MatchingHit } from "./membership.js";
import type { RoundContext } from "./round-context.js";
import { named, type Ask } from "./round-planner.js";
import type { PresentableFixture, StandingQuery } from "./standing-query.js";

/**
 * The changes part of a round: one search says, for every query at once, which of the changed
 * fixtures it matches (named queries); each changed document is read once, only where some
 * query needs to present it and the presented-JSON cache does not hold it. Which of `ids`
 * each query matches now, and the events that follow.
 */
export async function askAboutChanges(ctx: RoundContext, asks: readonly Ask[], ids: readonly number[]): Promise<void> {
  const live = asks.filter(({ query }) => !query.wantsSnapshot);
  const { matches, failed } = await ctx.reader.whichMatch(named(live), ids);
  const needs = new Map<StandingQuery, number[]>();
  for (const { query } of live) {
    const error = failed.get(query.id);
    if (error) ctx.hooks.failed(query, error);
    else needs.set(query, query.behind(matches.get(query.id)!));
  }
  const fixtures = await ctx.presentable(live, needs, matches);
  for (const [query, behind] of needs) {
    await ctx.letOthersIn();
    ctx.safely(query, () => {
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
      for (const id of unresolved) ctx.carry.add(id);
      // Members that still match at the version held need nothing: not passing them keeps them.
      const asked = ids.filter((id) => !unresolved.has(id) && !(matched.has(id) && !isBehind.has(id)));
      ctx.hooks.issued(query.judge(asked, matching, ctx.payloads));
    });
  }
}
