/**
 * Competition codes. football.json names its files by a code (`en.1`, `de.2`, `mls`, `uefa.cl`,
 * `copa.l`) that mostly, but not always, matches the leagues data's codes (`eng.1`, `us.1`):
 *
 *   football.json   leagues data   country
 *   en.N            eng.N          England (openfootball key "eng")
 *   mls             us.1           United States
 *   uefa.cl         uefa.cl        Europe (continental area)
 *   copa.l          copa.l         South America (continental area)
 *   xx.N            xx.N           the country whose key is xx (de, at, sco, br, ...)
 *
 * The football.json code is the one used everywhere in the imported data (`League.code`).
 * Level (docs/data.md, "Leagues"): the number after the country (`en.2` is 2);
 * uefa.cl, copa.l and mls are level 1.
 */
import { countryByKey } from "./countries.js";

export type CompetitionCode = {
  /** football.json code, e.g. "en.1". */
  code: string;
  /** The same competition's code in the leagues data, e.g. "eng.1". */
  leagues_code: string;
  /** Country key, or the area key ("europe", "south-america") of an international competition. */
  country_key: string;
  level: number;
  international: boolean;
};

const SPECIAL: Readonly<Record<string, Omit<CompetitionCode, "code">>> = {
  mls: { leagues_code: "us.1", country_key: "us", level: 1, international: false },
  "uefa.cl": { leagues_code: "uefa.cl", country_key: "europe", level: 1, international: true },
  "copa.l": { leagues_code: "copa.l", country_key: "south-america", level: 1, international: true },
};

/** football.json country prefixes that differ from openfootball's country keys. */
const PREFIX_TO_COUNTRY_KEY: Readonly<Record<string, string>> = { en: "eng" };

const DOMESTIC_RE = /^([a-z]+)\.(\d+)$/;

/** Describes a football.json code; throws for a code this table does not know how to read. */
export function describeCompetition(code: string): CompetitionCode {
  const special = SPECIAL[code];
  if (special) return { code, ...special };
  const match = DOMESTIC_RE.exec(code);
  if (!match?.[1] || !match[2]) throw new Error(`Unknown competition code "${code}"`);
  const countryKey = PREFIX_TO_COUNTRY_KEY[match[1]] ?? match[1];
  if (!countryByKey(countryKey)) throw new Error(`Competition code "${code}" has an unknown country "${match[1]}"`);
  return {
    code,
    leagues_code: `${countryKey}.${match[2]}`,
    country_key: countryKey,
    level: Number(match[2]),
    international: false,
  };
}
