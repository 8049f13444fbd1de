import type { Catalog, CatalogMatch } from "../domain/catalog.js";

/**
 * A catalog whose matches are read as a stream: every call of `matches()` yields each match once,
 * in kick-off order (then id), generating or reading them again. The rebuild walks it a few times
 * (outline, tables, fixtures) instead of keeping a catalogue's matches in memory; the
 * rest (countries, leagues, seasons, teams) grows with leagues, not with history, and is kept.
 */
export type CatalogSource = Omit<Catalog, "matches"> & {
  matches(): Iterable<CatalogMatch>;
  /** The matches of real (not simulated) seasons: a source of bounded size, kept whole (search priors read them). */
  realMatches(): readonly CatalogMatch[];
};

/** A catalog held whole (the real data, tests' small catalogs) as a source: its matches sorted once. */
export function catalogSource(catalog: Catalog): CatalogSource {
  const ordered = [...catalog.matches].sort(byKickoff);
  const real = new Set(catalog.seasons.filter((season) => !season.simulated).map((season) => season.id));
  const realMatches = ordered.filter((match) => real.has(match.season_id));
  return { ...catalog, matches: () => ordered, realMatches: () => realMatches };
}

/**
 * Kick-off order, then id: the one order of every walk over a catalogue's matches. ISO times of
 * one format compare by code units (no locale: this runs for every step of the k-way merge).
 */
export function byKickoff(a: CatalogMatch, b: CatalogMatch): number {
  return a.date_time < b.date_time ? -1 : a.date_time > b.date_time ? 1 : a.id - b.id;
}
