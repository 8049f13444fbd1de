import type { Catalog, CatalogMatch, CatalogTeam, MatchResult } from "../../src/domain/catalog.js";
import { buildDataSetFromCatalog } from "../../src/ingest/data-set.js";
import { rebuild, type RebuildReport } from "../../src/ingest/rebuild.js";
import { REGIONS } from "../../src/ingest/synthetic/regions.js";
import type { TestEnv } from "./test-env.js";

/**
 * A small catalog a test writes itself: one country, one level-1 league with a real
 * past season and a simulated current one, six teams (names with accents and
 * translations), and exactly the fixtures the test lists. Loaded through the real
 * document builder and the real rebuild, so tests see production documents.
 */
export const MINI_COUNTRY = { id: 901, name: "England", alpha2: null, alpha3: "ENG", names: { en: "England", de: "England", es: "Inglaterra", fr: "Angleterre" }, region: REGIONS.Europe };
export const MINI_LEAGUE = {
  id: 801,
  code: "en.1",
  name: "Test Premier League",
  alternate_names: ["TPL"],
  names: { en: "Test Premier League", de: "Test-Premier-League" },
  level: 1,
  country_id: MINI_COUNTRY.id,
  region: REGIONS.Europe,
  popular: true,
  timezone: "Europe/London",
};
export const MINI_SEASONS = {
  past: { id: 701, league_id: MINI_LEAGUE.id, name: "2024/2025", simulated: false, source: "test" },
  current: { id: 702, league_id: MINI_LEAGUE.id, name: "2026/2027", simulated: true, source: "test" },
};

export const MINI_TEAMS: CatalogTeam[] = [
  team(11, "Arsenal FC", ["Arsenal", "The Gunners"], { de: "FC Arsenal" }),
  team(12, "Chelsea FC", ["Chelsea"], {}),
  team(13, "Tottenham Hotspur FC", ["Spurs", "Tottenham"], {}),
  team(14, "Bayern München", ["Bayern Munich", "FC Bayern"], { en: "Bayern Munich", de: "FC Bayern München" }),
  team(15, "Atlético Madrid", ["Atletico Madrid", "Atleti"], { es: "Atlético de Madrid" }),
  team(16, "1. FC Köln", ["FC Koln", "Cologne"], { en: "FC Cologne" }),
];

export type MiniMatch = {
  id: number;
  home: number;
  away: number;
  date_time: string;
  status: CatalogMatch["status"];
  result?: MatchResult;
  /** "past" (real results, default) or "current" (simulated, played out by its clock). */
  season?: "past" | "current";
  stage?: { id: number; name: string } | null;
  group?: { id: number; name: string } | null;
  knockout?: boolean;
};

export function miniCatalog(matches: MiniMatch[]): Catalog {
  return {
    countries: [MINI_COUNTRY],
    leagues: [MINI_LEAGUE],
    seasons: [MINI_SEASONS.past, MINI_SEASONS.current],
    teams: MINI_TEAMS,
    matches: matches.map((match) => ({
      id: match.id,
      season_id: (match.season ?? "past") === "past" ? MINI_SEASONS.past.id : MINI_SEASONS.current.id,
      league_id: MINI_LEAGUE.id,
      stage: match.stage ?? null,
      group: match.group ?? null,
      round: "Matchday 1",
      date_time: match.date_time,
      status: match.status,
      home_team_id: match.home,
      away_team_id: match.away,
      ...(match.result ? { result: match.result } : {}),
      knockout: match.knockout ?? false,
    })),
  };
}

/** Builds the documents of `catalog` as of `now` and loads them into the test env's indices. */
export async function loadCatalog(env: TestEnv, catalog: Catalog, now: Date): Promise<RebuildReport> {
  const { dataSet } = buildDataSetFromCatalog(catalog, now);
  return rebuild(env.es, env.deps.indices, dataSet);
}

function team(id: number, name: string, alternate_names: string[], names: Record<string, string>): CatalogTeam {
  return {
    id,
    name,
    alternate_names,
    names: { en: name, ...names },
    short_code: name.replace(/[^A-Za-z]/g, "").slice(0, 3).toUpperCase(),
    country_id: MINI_COUNTRY.id,
    national_team: false,
    placeholder: false,
  };
}
