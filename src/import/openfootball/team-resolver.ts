/**
 * Resolves every team name of football.json to one team across seasons and competitions
 * ("Aston Villa FC (ENG)" in uefa.cl and "Aston Villa FC" in en.1; "Watford" and "Watford FC").
 *
 * 1. Each name is looked up in the clubs data (ClubNameIndex, strict to loose), in the country of
 *    its Champions League / Libertadores suffix or of its competition.
 * 2. A name still unknown is merged with another name of the same file that starts with it, if
 *    exactly one does and the two never play in the same round ("AFC" and "AFC Wimbledon",
 *    "Leyton" and "Leyton Orient" in 2025-26 en.3, as the README describes).
 * 3. Names found nowhere become teams of their own, keyed by country and folded name.
 * Two different spellings that resolve to one team must never meet in the same round of a file:
 * that would be two teams merged by mistake, and it is an error.
 *
 * Team keys (the input of the id hash, see stable-id.ts):
 *   club:<country key>:<folded canonical club name>   for teams found in the clubs data
 *   name:<country key>:<folded fixture name>          for the others
 * (a country with two clubs of one folded name adds ":<folded city>" to both.)
 */
import { fold } from "../../domain/text/fold.js";
import { ClubNameIndex, type MatchLevel } from "./club-name-index.js";
import type { ClubRecord } from "./clubs-parser.js";
import { countryByKey } from "./countries.js";
import { isPlaceholderTeamName, parseFixtureTeamName } from "./fixture-team-names.js";
import type { LocalizedNames } from "./localized-names.js";
import type { SourceFile } from "./matches-reader.js";
import { OpenfootballSourceError, type SourceRef } from "./source-error.js";
import { assignShortCodes } from "./short-codes.js";
import { IdRegistry } from "../../domain/stable-id.js";

export type ResolutionLevel = MatchLevel | "same-file-prefix" | "none";

export type TeamCountry = {
  key: string;
  name: string;
  alpha2: string | null;
  alpha3: string;
};

export type TeamSpelling = {
  /** As the fixtures write it, without a country suffix. */
  name: string;
  /** How this spelling was tied to the team. */
  level: ResolutionLevel;
  /** Matches that use this spelling. */
  matches: number;
};

export type Team = {
  id: number;
  key: string;
  /** A stand-in for a side not known yet ("N.N."); never offered by entity search. */
  placeholder?: true;
  /** The spelling the fixtures use most (ties: the longer, then alphabetical). */
  name: string;
  short_code: string;
  country: TeamCountry;
  national_team: false;
  /** Every other name: the club's canonical and alternate names and every fixture spelling. */
  alternate_names: string[];
  localized_names: LocalizedNames;
  /** The clubs data's record; absent for a team known only from the fixtures. */
  club?: {
    name: string;
    founded?: number;
    stadium?: string;
    city?: string;
    source: Required<SourceRef>;
  };
  spellings: TeamSpelling[];
};

export type UnresolvedTeamName = {
  name: string;
  country_key: string;
  /** Files that use the name, e.g. "2024-25/dz.1.json". */
  files: string[];
};

export type TeamResolution = {
  teams: Team[];
  /** The team id of a name as written in a file of competition `code`; undefined for placeholders. */
  teamId(code: string, rawName: string): number | undefined;
  /** Names not found in the clubs data (they still became teams). */
  unresolved_names: UnresolvedTeamName[];
};

type NameRef = {
  key: string;
  club?: ClubRecord;
  country_key: string;
  name: string;
  level: ResolutionLevel;
};

export function resolveTeams(files: readonly SourceFile[], clubs: readonly ClubRecord[]): TeamResolution {
  const index = new ClubNameIndex(clubs);
  const clubKeys = buildClubKeys(clubs);
  const refs = new Map<string, NameRef>(); // by `${code}|${rawName}`

  for (const file of files) {
    for (const rawName of namesOf(file)) {
      const key = refKey(file.code, rawName);
      if (refs.has(key)) continue;
      const { name, country_keys: countryKeys } = parseFixtureTeamName(rawName, file.code);
      const countryKey = countryKeys[0];
      if (countryKey === undefined) {
        throw new OpenfootballSourceError({ file: file.file }, `no country for team "${rawName}"`);
      }
      const match = index.find(name, countryKeys);
      refs.set(
        key,
        match
          ? { key: clubKeys.get(match.club) ?? "", club: match.club, country_key: match.club.country_key, name, level: match.level }
          : { key: `name:${countryKey}:${fold(name)}`, country_key: countryKey, name, level: "none" },
      );
    }
  }
  for (const file of files) mergeSameFilePrefixes(file, refs);
  for (const file of files) checkNoSpellingsMeet(file, refs);
  return buildResolution(files, refs);
}

function refKey(code: string, rawName: string): string {
  return `${code}|${rawName}`;
}

function namesOf(file: SourceFile): Set<string> {
  const names = new Set<string>();
  for (const match of file.matches) {
    for (const name of [match.home_name, match.away_name]) if (!isPlaceholderTeamName(name)) names.add(name);
  }
  return names;
}

/** Rounds (stage + round) in which each name of the file plays. */
function roundsByName(file: SourceFile): Map<string, Set<string>> {
  const rounds = new Map<string, Set<string>>();
  for (const match of file.matches) {
    for (const name of [match.home_name, match.away_name]) {
      let set = rounds.get(name);
      if (!set) rounds.set(name, (set = new Set()));
      set.add(`${match.stage}|${match.round}`);
    }
  }
  return rounds;
}

function mergeSameFilePrefixes(file: SourceFile, refs: Map<string, NameRef>): void {
  const names = [...namesOf(file)];
  const rounds = roundsByName(file);
  for (const short of names) {
    const ref = refs.get(refKey(file.code, short));
    if (!ref || ref.level !== "none") continue;
    const prefix = `${fold(ref.name)} `;
    const candidates = new Map<string, NameRef>();
    for (const long of names) {
      const longRef = refs.get(refKey(file.code, long));
      if (long === short || !longRef || !fold(longRef.name).startsWith(prefix)) continue;
      const shared = [...(rounds.get(short) ?? [])].some((round) => rounds.get(long)?.has(round));
      if (!shared) candidates.set(longRef.key, longRef);
    }
    const [only] = candidates.values();
    if (candidates.size === 1 && only) refs.set(refKey(file.code, short), { ...only, name: ref.name, level: "same-file-prefix" });
  }
}

function checkNoSpellingsMeet(file: SourceFile, refs: Map<string, NameRef>): void {
  const namesByRoundAndKey = new Map<string, Set<string>>();
  for (const match of file.matches) {
    for (const name of [match.home_name, match.away_name]) {
      const ref = refs.get(refKey(file.code, name));
      if (!ref) continue;
      const slot = `${match.stage}|${match.round}|${ref.key}`;
      let set = namesByRoundAndKey.get(slot);
      if (!set) namesByRoundAndKey.set(slot, (set = new Set()));
      set.add(name);
      if (set.size > 1) {
        throw new OpenfootballSourceError(
          { file: file.file },
          `"${[...set].join('" and "')}" resolve to one team but both play in ${match.stage}, ${match.round}`,
        );
      }
    }
  }
}

function buildResolution(files: readonly SourceFile[], refs: Map<string, NameRef>): TeamResolution {
  const spellingsByKey = new Map<string, Map<string, TeamSpelling>>();
  const refByKey = new Map<string, NameRef>();
  const unresolved = new Map<string, UnresolvedTeamName>();
  for (const file of files) {
    for (const match of file.matches) {
      for (const rawName of [match.home_name, match.away_name]) {
        const ref = refs.get(refKey(file.code, rawName));
        if (!ref) continue;
        if (!refByKey.has(ref.key) || ref.club) refByKey.set(ref.key, ref);
        let spellings = spellingsByKey.get(ref.key);
        if (!spellings) spellingsByKey.set(ref.key, (spellings = new Map()));
        const spelling = spellings.get(ref.name) ?? { name: ref.name, level: ref.level, matches: 0 };
        spelling.matches++;
        spellings.set(ref.name, spelling);
        if (ref.level === "none") {
          const entry = unresolved.get(ref.key) ?? { name: ref.name, country_key: ref.country_key, files: [] };
          if (!entry.files.includes(file.file)) entry.files.push(file.file);
          unresolved.set(ref.key, entry);
        }
      }
    }
  }

  const ids = new IdRegistry("team");
  const teams = [...refByKey]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, ref]) => buildTeam(key, ref, spellingsByKey.get(key), ids));
  const codes = assignShortCodes(teams, (team) => team.name, (team) => team.country.key);
  for (const team of teams) team.short_code = codes.get(team) ?? team.short_code;

  const idByKey = new Map(teams.map((team) => [team.key, team.id]));
  return {
    teams,
    teamId: (code, rawName) => {
      const ref = refs.get(refKey(code, rawName));
      return ref ? idByKey.get(ref.key) : undefined;
    },
    unresolved_names: [...unresolved.values()].sort((a, b) => a.name.localeCompare(b.name)),
  };
}

function buildTeam(key: string, ref: NameRef, spellingMap: Map<string, TeamSpelling> | undefined, ids: IdRegistry): Team {
  const spellings = [...(spellingMap?.values() ?? [])].sort(
    (a, b) => b.matches - a.matches || b.name.length - a.name.length || a.name.localeCompare(b.name),
  );
  const name = spellings[0]?.name ?? ref.name;
  const club = ref.club;
  const alternates = new Set<string>([
    ...(club ? [club.name, ...club.alternate_names] : []),
    ...spellings.map((spelling) => spelling.name),
  ]);
  alternates.delete(name);
  const country = countryByKey(ref.country_key);
  if (!country) throw new Error(`Unknown country key "${ref.country_key}" for team ${key}`);
  return {
    id: ids.idFor(key),
    key,
    name,
    short_code: "",
    country: { key: country.key, name: country.name, alpha2: country.alpha2, alpha3: country.alpha3 },
    national_team: false,
    alternate_names: [...alternates],
    localized_names: club ? structuredClone(club.localized_names) : {},
    ...(club
      ? {
          club: {
            name: club.name,
            ...(club.founded === undefined ? {} : { founded: club.founded }),
            ...(club.stadium === undefined ? {} : { stadium: club.stadium }),
            ...(club.city === undefined ? {} : { city: club.city }),
            source: club.source,
          },
        }
      : {}),
    spellings,
  };
}

/** Key of each club; a country with two clubs of one folded name gets the city added to both. */
function buildClubKeys(clubs: readonly ClubRecord[]): Map<ClubRecord, string> {
  const base = (club: ClubRecord): string => `club:${club.country_key}:${fold(club.name)}`;
  const counts = new Map<string, number>();
  for (const club of clubs) counts.set(base(club), (counts.get(base(club)) ?? 0) + 1);
  const keys = new Map<ClubRecord, string>();
  for (const club of clubs) {
    const key = base(club);
    keys.set(club, (counts.get(key) ?? 0) > 1 ? `${key}:${fold(club.city ?? "")}` : key);
  }
  return keys;
}
