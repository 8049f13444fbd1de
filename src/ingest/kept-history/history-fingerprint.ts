import { createHash } from "node:crypto";
import type { CatalogSource } from "../catalog-source.js";
import type { SeasonSummary } from "../documents/reference-documents.js";
import type { SeasonOutline } from "../documents/catalog-outline.js";
import { PAUSE_EVERY, type Walk } from "../walk.js";

/**
 * What history a nightly rebuild may keep, and a fingerprint of everything its documents were
 * built from (docs/data.md, "Nightly rebuilds").
 *
 * The cut is an instant: the earliest kick-off of any season that still had a fixture in the
 * live part when the version was built. Every fixture kicking off before it is settled, and the
 * walk that builds documents is chronological (the strength model and league averages only see
 * earlier matches), so what a fixture before the cut becomes depends on the matches before the
 * cut and nothing after them. A season is kept when its last fixture kicks off before the cut: its
 * fixtures, tables and summary are then all made of what the fingerprint covers:
 * - every match before the cut, in walk order (kept seasons' and the others' alike: all feed the model);
 * - the kept seasons' summaries (dates, counts, whether current) and the leagues, countries and
 *   teams their fixtures name;
 * - `salt`: the code that builds documents and the history index's definition (kept-history-plan.ts).
 * Two fingerprints at one cut are equal only when a full rebuild would give the kept seasons'
 * documents as they are.
 */
export type HistoryAtCut = {
  cut: string;
  fingerprint: string;
  /** Seasons wholly before the cut, ascending. */
  seasons: number[];
  /** Their fixtures: what a kept history index holds. */
  fixtureCount: number;
};

export type FingerprintInput = {
  source: Pick<CatalogSource, "matches" | "leagues" | "countries" | "teams">;
  outlines: ReadonlyMap<number, SeasonOutline>;
  summaries: ReadonlyMap<number, SeasonSummary>;
  salt: string;
};

export function* historyAtCut(input: FingerprintInput, cut: string): Walk<HistoryAtCut> {
  const hash = createHash("sha256").update(input.salt).update("\n");
  const seasons = [...input.outlines].filter(([, outline]) => outline.count > 0 && outline.last !== null && outline.last < cut).map(([id]) => id);
  seasons.sort((a, b) => a - b);
  const kept = new Set(seasons);
  const teams = new Set<number>();
  const leagues = new Set<number>();
  let walked = 0;
  for (const match of input.source.matches()) {
    // Kick-off order: nothing after the first match at or past the cut is read.
    if (match.date_time >= cut) break;
    if (++walked % PAUSE_EVERY === 0) yield;
    hash.update(JSON.stringify(match)).update("\n");
    if (!kept.has(match.season_id)) continue;
    teams.add(match.home_team_id).add(match.away_team_id);
    leagues.add(match.league_id);
  }
  hash.update(`matches ${walked}\n`);
  for (const id of seasons) hash.update(JSON.stringify(input.summaries.get(id) ?? null)).update("\n");
  const countries = new Set<number>();
  for (const league of sortedById(input.source.leagues, leagues)) {
    countries.add(league.country_id);
    hash.update(JSON.stringify(league)).update("\n");
  }
  for (const team of sortedById(input.source.teams, teams)) {
    countries.add(team.country_id);
    hash.update(JSON.stringify(team)).update("\n");
  }
  for (const country of sortedById(input.source.countries, countries)) hash.update(JSON.stringify(country)).update("\n");
  const fixtureCount = seasons.reduce((sum, id) => sum + (input.outlines.get(id)?.count ?? 0), 0);
  return { cut, fingerprint: hash.digest("hex"), seasons, fixtureCount };
}

function sortedById<T extends { id: number }>(all: readonly T[], wanted: ReadonlySet<number>): T[] {
  return all.filter((item) => wanted.has(item.id)).sort((a, b) => a.id - b.id);
}

/**
 * The next cut, from where the rebuild placed each fixture: the earliest first kick-off of a season
 * with a fixture in the live part. With none, every season is history and the cut lies past them all.
 */
export function nextCut(openSeasons: Iterable<number>, outlines: ReadonlyMap<number, SeasonOutline>): string {
  let cut: string | null = null;
  for (const id of openSeasons) {
    const first = outlines.get(id)?.first;
    if (first && (cut === null || first < cut)) cut = first;
  }
  return cut ?? AFTER_ALL;
}

/** A cut after every ISO kick-off. */
export const AFTER_ALL = "9999-12-31T23:59:59.999Z";
