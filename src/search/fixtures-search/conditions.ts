/**
 * The validated `where` and `order` conditions of /fixtures/search, as the builders read
 * them. The bracketed syntax that yields them is parsed in src/http/bracket-params.ts.
 */

export const LOCATIONS = ["HOME", "AWAY", "LEAGUE"] as const;
export type Location = (typeof LOCATIONS)[number];

/** `where[NAME]=min:max[:location]`: the effective value of NAME at that location within [min, max]. */
export type WhereCondition = { name: string; min: number; max: number; location: Location };

/** `order[NAME]=DIR[:location]`: sort on the same effective value a where condition reads. */
export type OrderClause = { name: string; direction: "asc" | "desc"; location: Location };
