import type { Catalog, CatalogMatch } from "../domain/catalog.js";
import type { SeasonOutline } from "./documents/season-outline.js";

/**
 * A catalog whose matches are read as a stream: every call of `matches()` yields each match once,
 * in kick-off order (then id), generating or reading them again. The rebuild walks it a few times
 * (outline, tables, fixtures) instead of keeping a catalogue's matches in memory; the
 * rest (countries, leagues, seasons, teams) grows with leagues, not with history, and is kept. A
 * nightly rebuild reads what history it can without its matches: the seasons the source
 * `declared`, and the matches from the checkpoint's instant on (`MatchesFrom`).
 */
export type CatalogSource = Omit<Catalog, "matches"> & {
  /** Every match, or with `from` those a walk resumed at an instant reads (`MatchesFrom`). */
  matches(from?: MatchesFrom): Iterable<CatalogMatch>;
  /** The matches of real (not simulated) seasons: a source of bounded size, kept whole (search priors read them). */
  realMatches(): readonly CatalogMatch[];
  /**
   * Seasons the source can describe without making their matches (a generated league's settled
   * past season), by id: what the outline and the history fingerprint need of them, so neither
   * reads history. `matches()` still yields their matches, checked against the description.
   */
  declared: ReadonlyMap<number, DeclaredSeason>;
  /** Every match of a season not `declared`, in kick-off order. */
  undeclaredMatches(): Iterable<CatalogMatch>;
};

/**
 * A season described by the source: its outline, its league and teams, and `madeFrom`, the text
 * of everything its matches are made from besides the code (a history fingerprint hashes it in
 * place of the matches). Declared only when all its fixtures are settled.
 */
export type DeclaredSeason = { leagueId: number; teams: readonly number[]; outline: SeasonOutline; madeFrom: string };

/**
 * Where a walk resumed at a model checkpoint starts (fixtures/match-plans.ts): the matches that
 * kick off at `instant` or later, and of the earlier ones only those in `before` (the fixtures the
 * checkpoint planned). A source need not read what comes before the instant: a nightly rebuild's
 * walks cost what the seasons in play cost, not what history does.
 */
export type MatchesFrom = { instant: string; before: ReadonlySet<number> };

/** Whether a walk that starts at `from` reads this match. */
export function readFrom(match: CatalogMatch, from: MatchesFrom): boolean {
  return match.date_time >= from.instant || from.before.has(match.id);
}

/** A catalog held whole (the real data, tests' small catalogs) as a source: its matches sorted once. */
export function catalogSource(catalog: Catalog): CatalogSource {
  const ordered = [...catalog.matches].sort(byKickoff);
  const real = new Set(catalog.seasons.filter((season) => !season.simulated).map((season) => season.id));
  const realMatches = ordered.filter((match) => real.has(match.season_id));
  return {
    ...catalog,
    matches: (from) => (from ? ordered.filter((match) => readFrom(match, from)) : ordered),
    realMatches: () => realMatches,
    declared: new Map(),
    undeclaredMatches: () => ordered,
  };
}

/**
 * Kick-off order, then id: the one order of every walk over a catalogue's matches. ISO times of
 * one format compare by code units (no locale: this runs for every step of the k-way merge).
 */
export function byKickoff(a: CatalogMatch, b: CatalogMatch): number {
  return a.date_time < b.date_time ? -1 : a.date_time > b.date_time ? 1 : a.id - b.id;
}
