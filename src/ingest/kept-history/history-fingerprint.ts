import { createHash } from "node:crypto";
import type { CatalogMatch } from "../../domain/catalog.js";
import type { CatalogSource } from "../catalog-source.js";
import type { SeasonSummary } from "../documents/reference-documents.js";
import type { SeasonOutline } from "../documents/season-outline.js";
import { PAUSE_EVERY, type Walk } from "../walk.js";
import { seasonsBefore } from "./model-checkpoint.js";

/**
 * What history a nightly rebuild may keep, and a fingerprint of everything its documents were
 * built from (docs/data.md, "Nightly rebuilds").
 *
 * The cut is an instant: the earliest kick-off of any season still in play when the version was
 * built (a fixture in the live part that kicked off within `liveHours` or is to come), and never
 * later than `liveHours` before that version's now. The walk that builds documents is
 * chronological (the strength model and league averages only see earlier matches), so what a
 * fixture before the cut becomes depends on the matches before the cut and nothing after them. A
 * season is kept when its last fixture kicks off before the cut, and of it the fixtures its source
 * calls settled (`keptInHistory`): all were history when the version was built. Its others (a
 * match postponed long ago and never played) are in the live part, which every rebuild loads
 * anew. The kept seasons' fixtures, tables and summaries are made of what the fingerprint covers:
 * - every match before the cut, in walk order (kept seasons' and the others' alike: all feed the
 *   model); of a season the source declared (catalog-source.ts: a generated league's settled past
 *   season), what its matches are made from in their place, so the fingerprint reads no history
 *   the source can describe;
 * - the seasons, leagues, countries and teams those matches name (a league's level seeds a new
 *   team's rating, a season's `simulated` flag decides how its matches are played);
 * - the kept seasons' summaries (dates, counts, whether current);
 * - `salt`: the code that builds documents and the history index's definition (kept-history-plan.ts).
 * Two fingerprints at one cut are equal only when a full rebuild would give the kept seasons'
 * documents as they are.
 */
export type HistoryAtCut = {
  cut: string;
  fingerprint: string;
  /** Seasons wholly before the cut, ascending. */
  seasons: number[];
  /** Their settled fixtures: what a kept history index holds. */
  fixtureCount: number;
};


export type FingerprintInput = {
  source: Pick<CatalogSource, "undeclaredMatches" | "declared" | "seasons" | "leagues" | "countries" | "teams">;
  outlines: ReadonlyMap<number, SeasonOutline>;
  summaries: ReadonlyMap<number, SeasonSummary>;
  salt: string;
};

export function* historyAtCut(input: FingerprintInput, cut: string): Walk<HistoryAtCut> {
  const hash = createHash("sha256").update(input.salt).update("\n");
  const seasons = seasonsBefore(cut, input.outlines);
  const teams = new Set<number>();
  const leagues = new Set<number>();
  const named = new Set<number>();
  let walked = 0;
  for (const match of input.source.undeclaredMatches()) {
    // Kick-off order: nothing after the first match at or past the cut is read.
    if (match.date_time >= cut) break;
    if (++walked % PAUSE_EVERY === 0) yield;
    hash.update(JSON.stringify(match)).update("\n");
    teams.add(match.home_team_id).add(match.away_team_id);
    leagues.add(match.league_id);
    named.add(match.season_id);
  }
  hash.update(`matches ${walked}\n`);
  for (const [seasonId, declared] of [...input.source.declared].sort(([a], [b]) => a - b)) {
    if (declared.outline.first === null || declared.outline.first >= cut) continue;
    hash.update(declared.madeFrom).update("\n");
    for (const teamId of declared.teams) teams.add(teamId);
    leagues.add(declared.leagueId);
    named.add(seasonId);
  }
  // A kept season is wholly before the cut: what a kept history holds of it is its settled fixtures.
  const fixtureCount = seasons.reduce((sum, id) => sum + (input.outlines.get(id)?.settled ?? 0), 0);
  for (const season of sortedById(input.source.seasons, named)) hash.update(JSON.stringify(season)).update("\n");
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
  return { cut, fingerprint: hash.digest("hex"), seasons, fixtureCount };
}

function sortedById<T extends { id: number }>(all: readonly T[], wanted: ReadonlySet<number>): T[] {
  return all.filter((item) => wanted.has(item.id)).sort((a, b) => a.id - b.id);
}

/**
 * The next cut, from where the rebuild placed each fixture: the earliest first kick-off of a season
 * in play (`inPlaySeasons`), and `notAfter` (liveHours before now) at the latest.
 */
export function nextCut(inPlaySeasons: Iterable<number>, outlines: ReadonlyMap<number, SeasonOutline>, notAfter: string): string {
  let cut = notAfter;
  for (const id of inPlaySeasons) {
    const first = outlines.get(id)?.first;
    if (first && first < cut) cut = first;
  }
  return cut;
}
