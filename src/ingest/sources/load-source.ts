import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Catalog, CatalogSeason } from "../../domain/catalog.js";
import { catalogSource, type CatalogSource } from "../catalog-source.js";
import { buildLiveSlate } from "../live-slate/index.js";
import { syntheticCatalogSource } from "../synthetic/index.js";
import { dropImplicitStages } from "./normalize-stages.js";
import { openfootballCatalog } from "./openfootball-source.js";

/**
 * Where a rebuild reads its catalog. Synthetic: `scale` (about that many fixtures, by adding
 * generated leagues) or `leagues` (exactly that many generated leagues), and `historySeasons`
 * (past seasons of each generated league, 4 by default): history and leagues grow apart.
 */
export type SourceOptions =
  | { source: "openfootball"; dir: string }
  | { source: "synthetic"; scale?: number; leagues?: number; historySeasons?: number };

/**
 * What a source is at this moment, to tell that a second read of it gives the same catalogue (the
 * fixture workers read it again): for the real data the path, size and modification time of every
 * file under its folder; the synthetic set is made by the code from its options alone.
 */
export function sourceStamp(options: SourceOptions): string {
  if (options.source === "synthetic") return "synthetic";
  const hash = createHash("sha256");
  const files = readdirSync(options.dir, { recursive: true, encoding: "utf8" }).sort();
  for (const file of files) {
    const stat = statSync(join(options.dir, file));
    if (stat.isFile()) hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\n`);
  }
  return hash.digest("hex");
}

/**
 * A source read as a stream of matches in kick-off order: the synthetic set as sized, or the real
 * data with its simulated current season (the live slate) around `now`. Read again from the same
 * options and `now`, it gives the same catalogue (a rebuild's fixture workers each read their own).
 */
export function loadCatalogSource(options: SourceOptions, now: Date): CatalogSource {
  if (options.source === "synthetic") {
    const { source: _synthetic, ...sizes } = options;
    return syntheticCatalogSource({ now, ...sizes });
  }
  const { catalog } = openfootballCatalog(options.dir, now);
  const slate = buildLiveSlate({
    now,
    leagues: catalog.leagues.filter((league) => league.level === 1 && !isInternational(league.code)),
    teamsByLeague: latestTeamsByLeague(catalog),
  });
  const whole: Catalog = {
    ...catalog,
    seasons: [...catalog.seasons, ...slate.seasons],
    matches: dropImplicitStages([...catalog.matches, ...slate.matches]),
  };
  assertUniqueFixtureIds(whole);
  return catalogSource(whole);
}

function isInternational(code: string): boolean {
  return code === "uefa.cl" || code === "copa.l";
}

/** The teams of each league's latest real season: the simulated season plays with them. */
function latestTeamsByLeague(catalog: Catalog): Map<number, number[]> {
  const latest = new Map<number, CatalogSeason>();
  const firstKickoff = new Map<number, string>();
  for (const match of catalog.matches) {
    const known = firstKickoff.get(match.season_id);
    if (!known || match.date_time < known) firstKickoff.set(match.season_id, match.date_time);
  }
  for (const season of catalog.seasons) {
    const current = latest.get(season.league_id);
    if (!current || (firstKickoff.get(season.id) ?? "") > (firstKickoff.get(current.id) ?? "")) latest.set(season.league_id, season);
  }
  const result = new Map<number, number[]>();
  const placeholders = new Set(catalog.teams.filter((team) => team.placeholder).map((team) => team.id));
  for (const [leagueId, season] of latest) {
    const ids = new Set<number>();
    for (const match of catalog.matches) {
      if (match.season_id !== season.id || match.stage?.name.match(/play-?off|final/i)) continue;
      for (const id of [match.home_team_id, match.away_team_id]) if (!placeholders.has(id)) ids.add(id);
    }
    result.set(leagueId, [...ids].sort((a, b) => a - b));
  }
  return result;
}

/** Real and simulated fixtures get ids from different namespaces: one check across both. */
export function assertUniqueFixtureIds(catalog: Catalog): void {
  const seen = new Set<number>();
  for (const match of catalog.matches) {
    if (seen.has(match.id)) throw new Error(`Fixture id ${match.id} is used twice; nothing was loaded`);
    seen.add(match.id);
  }
}
