import type { estypes } from "@elastic/elasticsearch";
import { IN_PLAY_STATUSES, type FixtureStatus } from "../../domain/types/statuses.js";

/** The windows /fixtures/search offers: in play only, or N hours ahead. */
export const SEARCH_WINDOWS = ["live", "3", "6", "12", "24", "48", "168"] as const;
export type SearchWindow = "live" | 3 | 6 | 12 | 24 | 48 | 168;
export const DEFAULT_WINDOW: SearchWindow = 24;

const HOUR_MS = 3_600_000;

/**
 * window=live defaults to the in-play statuses; windows 3 to 168 add NOT_STARTED
 * (docs/api-behaviour.md, "Search windows").
 */
export function defaultStatuses(window: SearchWindow): FixtureStatus[] {
  return window === "live" ? [...IN_PLAY_STATUSES] : ["NOT_STARTED", ...IN_PLAY_STATUSES];
}

/**
 * The window and status conditions. Window N holds for a fixture in play now or
 * kicking off from now to now + N hours, both edges inclusive; `live` has no date
 * condition, so only the statuses decide. An explicit status list replaces the
 * window's defaults but never widens the window itself.
 */
export function windowFilter(
  window: SearchWindow,
  statuses: readonly FixtureStatus[] | undefined,
  now: Date,
): estypes.QueryDslQueryContainer[] {
  const statusFilter: estypes.QueryDslQueryContainer = { terms: { status: [...(statuses ?? defaultStatuses(window))] } };
  if (window === "live") return [statusFilter];
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
