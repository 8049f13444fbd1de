import type { estypes } from "@elastic/elasticsearch";
import type { FixtureDocument } from "../../domain/fixture/fixture-document.js";

/** The stored fields every presented fixture reads (names: the translations). */
const BASE_FIELDS = [
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
] as const satisfies ReadonlyArray<keyof FixtureDocument>;

/** Modules stored under their include's name; last_fixtures comes from a second request. */
const MODULE_FIELDS = ["odds", "statistics", "metrics", "fair_odds", "movement", "trends"] as const satisfies ReadonlyArray<
  keyof FixtureDocument
>;

/**
 * `_source` includes for a page: the base fields plus the requested modules, so the
 * packed odds, movement and trends (most of a document's bytes) are read, sent and
 * parsed only when asked for.
 */
export function fixtureSource(includes: ReadonlySet<string>): estypes.SearchSourceConfig {
  return { includes: [...BASE_FIELDS, ...MODULE_FIELDS.filter((field) => includes.has(field))] };
}
