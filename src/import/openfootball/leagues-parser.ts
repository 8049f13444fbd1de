/**
 * Parser for openfootball `*.leagues.txt` / `leagues.txt` files. Pure: text in, records out.
 *
 *   = England =
 *   2   2004/05-    Division 1 =>  Championship      <- code, seasons, former name => name
 *                     | EFL Championship | eng.cs     <- alternate names and codes
 *                     | Liga Cup [de]                <- a name in German
 *
 * Codes under a country heading are local ("1", "cup.l") and get the country's openfootball key in
 * front ("eng.1"); codes under "= International =" are already global ("uefa.cl", "copa.l").
 * Parsing stops at a line `__END__` (what follows is upstream's scratch notes).
 */
import { countryByName } from "./countries.js";
import { addLocalizedName, type LocalizedNames } from "./localized-names.js";
import { OpenfootballSourceError, type SourceRef } from "./source-error.js";
import { parseAlternateList, parseHeading, stripComment, stripSponsorMarks } from "./text-format.js";

export type SeasonRange = {
  /** First season, as written: "1992/93" or "2011"; absent for "-1991/92". */
  from?: string;
  /** Last season; absent while the league still runs ("1992/93-"). */
  until?: string;
};

export type LeagueRecord = {
  /** Global code as the leagues data writes it: "eng.1", "de.cup", "uefa.cl", "us.1". */
  code: string;
  /** openfootball country key; absent for international competitions. */
  country_key?: string;
  name: string;
  /** "Division 1" for "Division 1 => Championship": the name before a rebranding. */
  former_names: string[];
  alternate_names: string[];
  /** Other codes listed as alternates ("eng.pl", "egy.1"): lower case, no spaces. */
  alternate_codes: string[];
  localized_names: LocalizedNames;
  seasons?: SeasonRange;
  source: Required<SourceRef>;
};

const INTERNATIONAL_HEADINGS = new Set(["International", "National Teams"]);
const SEASON_RANGE_RE = /^(\d{4}(?:\/\d{2})?)?-(\d{4}(?:\/\d{2})?)?$/;
const CODE_LIKE_RE = /^[\p{Ll}\d._]+$/u;

export function parseLeaguesText(text: string, file: string): LeagueRecord[] {
  const leagues: LeagueRecord[] = [];
  let countryKey: string | undefined;
  let current: LeagueRecord | undefined;
  const lines = text.split(/\r?\n/);

  for (const [index, rawLine] of lines.entries()) {
    const ref = { file, line: index + 1 };
    if (rawLine.trim() === "__END__") break;
    const line = stripComment(rawLine);
    if (line.trim() === "") continue;

    const heading = parseHeading(line);
    if (heading) {
      countryKey = headingCountryKey(heading.title, ref);
      current = undefined;
      continue;
    }
    const trimmed = line.trim();
    if (trimmed.startsWith("|")) {
      if (!current) throw new OpenfootballSourceError(ref, "alternate names before any league");
      addAlternates(current, trimmed);
      continue;
    }
    if (/^\s/.test(line)) throw new OpenfootballSourceError(ref, `unexpected indented line "${trimmed}"`);
    current = parseLeagueLine(trimmed, ref, countryKey);
    leagues.push(current);
  }
  return leagues;
}

function headingCountryKey(title: string, ref: Required<SourceRef>): string | undefined {
  if (INTERNATIONAL_HEADINGS.has(title)) return undefined;
  const country = countryByName(title);
  if (!country) throw new OpenfootballSourceError(ref, `unknown country heading "${title}"`);
  return country.key;
}

function parseLeagueLine(
  text: string,
  ref: Required<SourceRef>,
  countryKey: string | undefined,
): LeagueRecord {
  const match = /^(\S+)\s+(.*)$/.exec(text);
  if (!match?.[1] || !match[2]) throw new OpenfootballSourceError(ref, `expected "code name", got "${text}"`);
  let rest = match[2].trim();
  let seasons: SeasonRange | undefined;
  const firstWord = rest.split(/\s+/)[0] ?? "";
  const range = SEASON_RANGE_RE.exec(firstWord);
  if (range && firstWord !== "-") {
    seasons = { ...(range[1] ? { from: range[1] } : {}), ...(range[2] ? { until: range[2] } : {}) };
    rest = rest.slice(firstWord.length).trim();
  }
  // "ÖFB Cup,    cup": text after a comma repeats the code.
  const names = (rest.split(",")[0] ?? "").split("=>").map((part) => stripSponsorMarks(part));
  const name = names[names.length - 1] ?? "";
  if (name === "") throw new OpenfootballSourceError(ref, `league "${match[1]}" without a name`);
  return {
    code: countryKey === undefined ? match[1] : `${countryKey}.${match[1]}`,
    ...(countryKey === undefined ? {} : { country_key: countryKey }),
    name,
    former_names: names.slice(0, -1).filter((former) => former !== "" && former !== name),
    alternate_names: [],
    alternate_codes: [],
    localized_names: {},
    ...(seasons ? { seasons } : {}),
    source: ref,
  };
}

function addAlternates(league: LeagueRecord, text: string): void {
  for (const { name, lang } of parseAlternateList(text)) {
    if (lang !== undefined) addLocalizedName(league.localized_names, lang, name);
    else if (CODE_LIKE_RE.test(name)) pushUnique(league.alternate_codes, name);
    else if (name !== league.name) pushUnique(league.alternate_names, name);
  }
}

function pushUnique(list: string[], value: string): void {
  if (!list.includes(value)) list.push(value);
}
