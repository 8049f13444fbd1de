/**
 * The optional modules a fixture can carry (docs/api-behaviour.md, "Included modules").
 * Each endpoint offers a subset; the order here is the order "Supported: ..." lists them in.
 */
export const FIXTURE_INCLUDES = ["odds", "statistics", "metrics", "fair_odds", "movement", "last_fixtures", "trends"] as const;
export type FixtureInclude = (typeof FIXTURE_INCLUDES)[number];

/** /livescores and /fixtures/search: only the modules a live board needs. */
export const LIVE_INCLUDES = ["odds", "statistics", "metrics"] as const satisfies readonly FixtureInclude[];
