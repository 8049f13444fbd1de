import type { estypes } from "@elastic/elasticsearch";
import { IN_PLAY_STATUSES, SETTLED_STATUSES, type FixtureStatus } from "../../domain/types/statuses.js";

/** The windows /fixtures/search offers: in play only, or N hours ahead. */
export const SEARCH_WINDOWS = ["live", "3", "6", "12", "24", "48", "168"] as const;
export type SearchWindow = "live" | 3 | 6 | 12 | 24 | 48 | 168;
export const DEFAULT_WINDOW: SearchWindow = 24;

const HOUR_MS = 3_600_000;
const SETTLED: ReadonlySet<string> = new Set(SETTLED_STATUSES);

/**
 * window=live defaults to the in-play statuses; windows 3 to 168 add NOT_STARTED
 * (docs/api-behaviour.md, "Search windows").
 */
export function defaultStatuses(window: SearchWindow): FixtureStatus[] {
  return window === "live" ? [...IN_PLAY_STATUSES] : ["NOT_STARTED", ...IN_PLAY_STATUSES];
}

/**
 * The instants at which `windowFilter`'s date conditions start or stop holding, by the clock
 * alone, for a fixture kicking off at `dateTimeMs`: each is the first instant the condition is
 * different. Window N holds from N hours before kick-off through kick-off (both edges
 * inclusive); `live` with a settled status holds a settled fixture through `liveHours` after
 * kick-off. A stream checks its membership again at the nearest one (docs/streams.md,
 * "Windows and the clock"); Elasticsearch still decides what matches.
 */
export function windowClockEdges(
  window: SearchWindow,
  statuses: readonly FixtureStatus[] | undefined,
  liveHours: number,
  dateTimeMs: number,
): number[] {
  if (window === "live") {
    const wanted = statuses ?? defaultStatuses(window);
    return wanted.some((status) => SETTLED.has(status)) ? [dateTimeMs + liveHours * HOUR_MS + 1] : [];
  }
  return [dateTimeMs - window * HOUR_MS, dateTimeMs + 1];
}

/**
 * The window and status conditions. Window N holds for a fixture in play now or
 * kicking off from now to now + N hours, both edges inclusive; `live` has no date
 * condition, so only the statuses decide, except for settled fixtures: the search is for
 * upcoming and live fixtures, and a settled one (FT, AWARDED, CANCELLED, ABANDONED, NO_RESULT)
 * is searched up to `liveHours` after its kick-off, the live part's span (docs/api-behaviour.md,
 * "Search windows"). The bound makes the answer exact whenever history's nightly move runs.
 * An explicit status list replaces the window's defaults but never widens the window itself.
 */
export function windowFilter(
  window: SearchWindow,
  statuses: readonly FixtureStatus[] | undefined,
  now: Date,
  liveHours: number,
): estypes.QueryDslQueryContainer[] {
  const wanted = statuses ?? defaultStatuses(window);
  const statusFilter: estypes.QueryDslQueryContainer = { terms: { status: [...wanted] } };
  if (window === "live") {
    if (!wanted.some((status) => SETTLED.has(status))) return [statusFilter];
    const since = new Date(now.getTime() - liveHours * HOUR_MS).toISOString();
    return [
      statusFilter,
      {
        bool: {
          should: [{ bool: { must_not: { terms: { status: [...SETTLED_STATUSES] } } } }, { range: { date_time: { gte: since } } }],
          minimum_should_match: 1,
        },
      },
    ];
  }
  const end = new Date(now.getTime() + window * HOUR_MS);
  return [
    statusFilter,
    {
      bool: {
        should: [
          { terms: { status: [...IN_PLAY_STATUSES] } },
          { range: { date_time: { gte: now.toISOString(), lte: end.toISOString() } } },
        ],
        minimum_should_match: 1,
      },
    },
  ];
}
