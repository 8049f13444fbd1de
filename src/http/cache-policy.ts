import { SETTLED_STATUSES } from "../domain/types/statuses.js";

/**
 * How a successful API response may be cached. Every policy is `private`: responses
 * depend on the caller's key (bet builders, roles), so shared caches must not keep them.
 * `etag`: the response gets a weak ETag over its body and a matching If-None-Match gets 304.
 */
export type CachePolicy = { readonly cacheControl: string; readonly etag: boolean };

/** The table in docs/operations.md ("Caching"). */
export const CACHE_POLICIES = {
  /** /types: the dictionary changes only with a release. */
  dictionary: { cacheControl: "private, max-age=3600", etag: true },
  /** /standings: a table changes when a fixture of the season finishes. */
  standings: { cacheControl: "private, max-age=60", etag: true },
  /**
   * A /fixtures page whose fixtures are all settled: its results never change, but each
   * participant's position follows the season's table, so no longer than /standings.
   */
  settled: { cacheControl: "private, max-age=60", etag: true },
  /** /fixtures/backtest: past fixtures, changed only when one of the range finishes (today's) or a rebuild. */
  backtest: { cacheControl: "private, max-age=60", etag: true },
  /** /fixtures/head-to-head: finished fixtures only, changed when the teams meet again, a rebuild, or a participant's position. */
  headToHead: { cacheControl: "private, max-age=60", etag: true },
  /** /search: names change rarely, but leagues carry a live count computed per request. */
  search: { cacheControl: "private, max-age=30", etag: false },
  /** Live data (/livescores, /fixtures/search, bet builders, unsettled /fixtures): always ask again. */
  live: { cacheControl: "private, no-cache", etag: false },
} as const satisfies Record<string, CachePolicy>;

const SETTLED: ReadonlySet<string> = new Set(SETTLED_STATUSES);

/** The policy of a /fixtures page: settled when it has fixtures and every one has a settled status. */
export function fixturesPagePolicy(fixtures: ReadonlyArray<{ status: string }>): CachePolicy {
  const settled = fixtures.length > 0 && fixtures.every((fixture) => SETTLED.has(fixture.status));
  return settled ? CACHE_POLICIES.settled : CACHE_POLICIES.live;
}
