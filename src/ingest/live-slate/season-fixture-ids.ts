import type { CatalogLeague, CatalogSeason } from "../../domain/catalog.js";
import { FIXTURE_ID_BITS, IdRegistry } from "../../domain/stable-id.js";
import type { PlannedMatch } from "./calendar.js";

/** How the matches of one season get their ids: asked once per season, then once per match. */
export type SeasonFixtureIds = (league: CatalogLeague, season: CatalogSeason) => (match: PlannedMatch) => number;

/**
 * Hashed ids (stable-id.ts, 40 bits) of "<league code>:<season name>:<round>:<home>:<away>",
 * checked against each other by `registry`: share one across the parts of one build.
 */
export function hashedFixtureIds(registry = new IdRegistry("fixture", FIXTURE_ID_BITS)): SeasonFixtureIds {
  return (league, season) => (match) => registry.idFor(`${league.code}:${season.name}:${match.round}:${match.home}:${match.away}`);
}
