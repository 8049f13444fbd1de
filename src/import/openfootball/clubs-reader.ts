/**
 * Reads the whole `clubs/` tree: `*.clubs.txt` for the clubs, `*.clubs.lang.XX.txt` for names in
 * other languages and `*.clubs.history.txt` for former names. Other files are not read: stadiums
 * hold no club names, `*.clubs.props.txt` only repeat names with web sites, and `clubs.wiki*.txt`
 * are bare lists of Wikipedia titles that cannot be tied to a club without guessing.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fold } from "../../domain/text/fold.js";
import { parseClubHistoryText, type ClubRename } from "./club-history-parser.js";
import { langFromFileCode, parseClubLangText, type ClubLangEntry } from "./club-lang-parser.js";
import { parseClubsText, type ClubRecord } from "./clubs-parser.js";
import { countryByKey } from "./countries.js";
import { addLocalizedName } from "./localized-names.js";
import { OpenfootballSourceError } from "./source-error.js";

export type ClubsData = {
  clubs: ClubRecord[];
  /** Localized names whose club is not in the clubs file of that country. */
  unmatched_localized_names: ClubLangEntry[];
  /** Renames whose new name is not a club of that country. */
  unmatched_renames: ClubRename[];
};

const CLUBS_FILE_RE = /^([a-z]+)\.clubs\.txt$/;
const LANG_FILE_RE = /^([a-z]+)\.clubs\.lang\.([a-z]{2})\.txt$/;
const HISTORY_FILE_RE = /^([a-z]+)\.clubs\.history\.txt$/;

/** Reads every clubs file under `dir` (the `clubs/` folder). File paths in errors are relative to it. */
export function readClubsDir(dir: string): ClubsData {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((file) => file.split(path.sep).join("/"))
    .sort();
  const clubs: ClubRecord[] = [];
  const langEntries: Array<{ country_key: string; entries: ClubLangEntry[] }> = [];
  const renames: Array<{ country_key: string; renames: ClubRename[] }> = [];
  const read = (file: string): string => readFileSync(path.join(dir, file), "utf8");

  for (const file of files) {
    const base = path.posix.basename(file);
    const clubsMatch = CLUBS_FILE_RE.exec(base);
    const langMatch = LANG_FILE_RE.exec(base);
    const historyMatch = HISTORY_FILE_RE.exec(base);
    const countryKey = clubsMatch?.[1] ?? langMatch?.[1] ?? historyMatch?.[1];
    if (countryKey === undefined) continue;
    if (!countryByKey(countryKey)) {
      throw new OpenfootballSourceError({ file }, `unknown country key "${countryKey}" (add it to country-table.ts)`);
    }
    if (clubsMatch) clubs.push(...parseClubsText(read(file), file, countryKey));
    if (langMatch?.[2]) {
      langEntries.push({ country_key: countryKey, entries: parseClubLangText(read(file), file, langFromFileCode(langMatch[2])) });
    }
    if (historyMatch) renames.push({ country_key: countryKey, renames: parseClubHistoryText(read(file), file) });
  }

  const index = indexClubsByName(clubs);
  const unmatchedLocalizedNames: ClubLangEntry[] = [];
  for (const { country_key: countryKey, entries } of langEntries) {
    for (const entry of entries) {
      const club = index.get(nameKey(countryKey, entry.name));
      if (club) addLocalizedName(club.localized_names, entry.lang, entry.localized_name);
      else unmatchedLocalizedNames.push(entry);
    }
  }
  const unmatchedRenames: ClubRename[] = [];
  for (const { country_key: countryKey, renames: list } of renames) {
    for (const rename of list) {
      const club = index.get(nameKey(countryKey, rename.new_name));
      if (!club) unmatchedRenames.push(rename);
      else if (rename.old_name !== club.name && !club.alternate_names.includes(rename.old_name)) {
        club.alternate_names.push(rename.old_name);
      }
    }
  }
  return { clubs, unmatched_localized_names: unmatchedLocalizedNames, unmatched_renames: unmatchedRenames };
}

function nameKey(countryKey: string, name: string): string {
  return `${countryKey}:${fold(name)}`;
}

/** Country-scoped index of canonical and alternate names; the first club to claim a name keeps it. */
function indexClubsByName(clubs: readonly ClubRecord[]): Map<string, ClubRecord> {
  const index = new Map<string, ClubRecord>();
  for (const club of clubs) {
    for (const name of [club.name, ...club.alternate_names]) {
      const key = nameKey(club.country_key, name);
      if (!index.has(key)) index.set(key, club);
    }
  }
  return index;
}
