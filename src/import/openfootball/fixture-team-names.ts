/**
 * How football.json writes team names, and where to look them up in the clubs data.
 */
import { describeCompetition } from "./competition-codes.js";
import { countryByCode } from "./countries.js";

export type FixtureTeamName = {
  /** The name without a country suffix: "Aston Villa FC" for "Aston Villa FC (ENG)". */
  name: string;
  /** Country keys whose clubs to search, most likely first. */
  country_keys: string[];
};

/**
 * Clubs of one country that play in another country's league: Welsh clubs in the English
 * pyramid, Monaco in Ligue 1, FC Andorra in Spain's Segunda, New Zealand clubs in the A-League,
 * Canadian clubs in MLS.
 */
const GUEST_CLUB_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  eng: ["wal"],
  fr: ["mc"],
  es: ["ad"],
  au: ["nz"],
  us: ["ca"],
};

const COUNTRY_SUFFIX_RE = /^(.*?)\s*\(([A-Z]{3})\)$/;

/**
 * Splits a fixture name into the club name and the countries to search. Champions League and
 * Copa Libertadores names end in a FIFA code ("(ENG)", "(GER)") which decides the country;
 * otherwise the competition's country (and its guests) does.
 */
export function parseFixtureTeamName(rawName: string, competitionCode: string): FixtureTeamName {
  const suffix = COUNTRY_SUFFIX_RE.exec(rawName);
  const suffixCountry = suffix?.[2] ? countryByCode(suffix[2]) : undefined;
  if (suffix?.[1] && suffixCountry) {
    return { name: suffix[1], country_keys: withGuests(suffixCountry.key) };
  }
  const competition = describeCompetition(competitionCode);
  return { name: rawName, country_keys: competition.international ? [] : withGuests(competition.country_key) };
}

function withGuests(countryKey: string): string[] {
  return [countryKey, ...(GUEST_CLUB_COUNTRIES[countryKey] ?? [])];
}

/**
 * Names that stand for a team not known yet: "N.N." (nomen nescio) and "Sieger EF" (German:
 * winner of the elimination final) in the 2024-25 A-League finals. Such a match has no teams.
 */
const PLACEHOLDER_RES = [/^n\.?\s*n\.?$/i, /^(tbd|tba|tbc)$/i, /^(sieger|verlierer|winner|loser)\b/i];

export function isPlaceholderTeamName(rawName: string): boolean {
  return PLACEHOLDER_RES.some((re) => re.test(rawName.trim()));
}
