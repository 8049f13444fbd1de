import type { estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../../domain/fixture/fixture-document.js";
import type { FixtureInclude } from "../../domain/fixture/includes.js";

/**
 * The one account of which stored fixture fields a response reads: every read of fixtures
 * to present (lists, search, entity search, bet builders) takes its `_source` from here.
 */

/** The stored fields every presented fixture reads (names: the translations). */
export const PRESENTED_FIXTURE_FIELDS = [
  "id",
  "sport",
  "date_time",
  "status",
  "is_live",
  "country",
  "league",
  "season",
  "stage",
  "group",
  "participants",
  "names",
  "scores",
  "periods",
  "updated_at",
] as const satisfies ReadonlyArray<keyof FixtureDocument>;

/**
 * The large stored fields: the modules, stored under their include's name (packed odds,
 * movement and trends are most of a document's bytes; last_fixtures comes from a second
 * request), and the live simulator's state, which no response shows.
 */
const MODULE_FIELDS = ["odds", "statistics", "metrics", "fair_odds", "movement", "trends"] as const satisfies ReadonlyArray<
  keyof FixtureDocument & FixtureInclude
>;
const NEVER_PRESENTED = ["simulation"] as const satisfies ReadonlyArray<keyof FixtureDocument>;

/**
 * `_source` includes for a page: the base fields plus the requested modules, so the
 * large fields are read, sent and parsed only when asked for.
 */
export function fixtureSource(includes: ReadonlySet<string>): estypes.SearchSourceConfig {
  return { includes: fixtureSourceFields(includes) };
}

/** The fields of `fixtureSource`, for a read by id (`_mget`) of the same fields. */
export function fixtureSourceFields(includes: ReadonlySet<string>): string[] {
  return [...PRESENTED_FIXTURE_FIELDS, ...MODULE_FIELDS.filter((field) => includes.has(field))];
}

/** The large fields a response offering only `offered` of the modules never shows: to leave out of `_source`. */
export function largeFieldsOutside(offered: readonly string[]): string[] {
  return [...MODULE_FIELDS.filter((field) => !offered.includes(field)), ...NEVER_PRESENTED];
}
