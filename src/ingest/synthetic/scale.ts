import type { LeagueSpec, TeamSpec } from "./base-leagues.js";
import type { SyntheticCountryKey } from "./countries.js";

/**
 * Extra leagues for benchmarks (`scale`): "Synthetic League 1", "Synthetic League 2", ... with
 * code "syn<k>.1", level 1 (so they join the live slate and /search like any top league), 20
 * teams with generated names ("Lindholm Rovers"; a number is appended once the 400 combinations
 * run out), in countries taken in turn from SCALE_COUNTRIES so zones and season styles vary.
 * Each has the current simulated season plus K past ones (`historySeasons`, DEFAULT_HISTORY_SEASONS
 * unless told): 380 x 5 = 1,900 fixtures per league by default.
 */
export const SCALE_TEAMS_PER_LEAGUE = 20;
export const DEFAULT_HISTORY_SEASONS = 4;

export function fixturesPerScaleLeague(historySeasons: number): number {
  return SCALE_TEAMS_PER_LEAGUE * (SCALE_TEAMS_PER_LEAGUE - 1) * (historySeasons + 1);
}

const SCALE_COUNTRIES: readonly SyntheticCountryKey[] = ["fr", "it", "nl", "pt", "ar", "jp", "us", "mx", "au", "eg"];

const CITIES = [
  "Lindholm", "Marrow", "Caldera", "Brisa", "Norvik", "Ostrand", "Valmont", "Pellago", "Tarvis", "Quillon",
  "Rosslare", "Sandoval", "Tamberg", "Ulvik", "Verano", "Westhaven", "Yarrow", "Zelenka", "Ardmore", "Belcastro",
  "Corvina", "Dalby", "Eskervale", "Falkmar", "Glenrock", "Hollin", "Isola", "Jardim", "Kestrel", "Lagoa",
  "Montreux-Bas", "Nerja Alta", "Orsolo", "Puerto Lindo", "Querétano", "Riverbend", "Söderby", "Torrelaguna", "Ubeira", "Vilanova",
] as const;
const SUFFIXES = ["Rovers", "United", "FC", "Athletic", "City", "Sporting", "Wanderers", "Olympic", "Albion", "Dynamo"] as const;

export function scaleLeagueSpec(k: number): LeagueSpec {
  const country = SCALE_COUNTRIES[(k - 1) % SCALE_COUNTRIES.length] as SyntheticCountryKey;
  const teams: TeamSpec[] = [];
  for (let i = 0; i < SCALE_TEAMS_PER_LEAGUE; i++) teams.push(scaleTeam((k - 1) * SCALE_TEAMS_PER_LEAGUE + i));
  return {
    code: `syn${k}.1`,
    name: `Synthetic League ${k}`,
    alternates: [`SL${k}`],
    names: {},
    level: 1,
    country,
    teams,
  };
}

function scaleTeam(index: number): TeamSpec {
  const combinations = CITIES.length * SUFFIXES.length;
  const city = CITIES[index % CITIES.length] as string;
  const suffix = SUFFIXES[Math.floor(index / CITIES.length) % SUFFIXES.length] as string;
  const cycle = Math.floor(index / combinations);
  const name = cycle === 0 ? `${city} ${suffix}` : `${city} ${suffix} ${cycle + 1}`;
  const shortCode = city.normalize("NFKD").replace(/[^A-Za-z]/g, "").slice(0, 3).toUpperCase();
  return { name, shortCode, alternates: [city], names: {} };
}
