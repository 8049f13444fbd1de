/**
 * Parser for `*.clubs.lang.XX.txt` files: one club per line, `Name, Name in language XX`.
 *
 *   Kashima Antlers,    鹿島アントラーズ
 */
import { OpenfootballSourceError, type SourceRef } from "./source-error.js";
import { stripComment } from "./text-format.js";

export type ClubLangEntry = {
  /** The club's name as the clubs file (or its alternates) spells it. */
  name: string;
  localized_name: string;
  lang: string;
  source: Required<SourceRef>;
};

/**
 * Upstream names some files by country code rather than language (`jp.clubs.lang.jp.txt` holds
 * Japanese): this maps such codes to ISO 639-1.
 */
const LANG_FIXES: Readonly<Record<string, string>> = { jp: "ja", kr: "ko", cn: "zh" };

export function langFromFileCode(code: string): string {
  return LANG_FIXES[code] ?? code;
}

export function parseClubLangText(text: string, file: string, lang: string): ClubLangEntry[] {
  const entries: ClubLangEntry[] = [];
  text.split(/\r?\n/).forEach((rawLine, index) => {
    const line = stripComment(rawLine).trim();
    if (line === "") return;
    const source = { file, line: index + 1 };
    const comma = line.indexOf(",");
    const name = comma === -1 ? "" : line.slice(0, comma).trim();
    // Some Arabic names are written with underscores for spaces (Wikipedia article titles).
    const localizedName = comma === -1 ? "" : line.slice(comma + 1).replace(/_/g, " ").trim();
    if (name === "" || localizedName === "") {
      throw new OpenfootballSourceError(source, `expected "Name, localized name", got "${line}"`);
    }
    entries.push({ name, localized_name: localizedName, lang, source });
  });
  return entries;
}
