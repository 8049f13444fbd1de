/**
 * Country lookups over COUNTRY_TABLE and the Country entities handed to later import steps,
 * with names in the service's languages, at least en, de, es, fr, it, pt, nl (docs/data.md, "Country names").
 */
import isoCountries from "i18n-iso-countries";
import de from "i18n-iso-countries/langs/de.json" with { type: "json" };
import es from "i18n-iso-countries/langs/es.json" with { type: "json" };
import fr from "i18n-iso-countries/langs/fr.json" with { type: "json" };
import it from "i18n-iso-countries/langs/it.json" with { type: "json" };
import nl from "i18n-iso-countries/langs/nl.json" with { type: "json" };
import pt from "i18n-iso-countries/langs/pt.json" with { type: "json" };
import { fold } from "../../domain/text/fold.js";
import { COUNTRY_TABLE, type CountryEntry, type Region } from "./country-table.js";
import { stableId } from "../../domain/stable-id.js";

export const NAME_LANGUAGES = ["en", "de", "es", "fr", "it", "pt", "nl"] as const;
export type NameLanguage = (typeof NAME_LANGUAGES)[number];
export type CountryNames = Record<NameLanguage, string>;

export type Country = {
  /** Stable id: stableId("country", key). */
  id: number;
  /** openfootball key (`eng`, `de`), or `europe` / `south-america` for a continental area. */
  key: string;
  name: string;
  alpha2: string | null;
  alpha3: string;
  fifa: string | null;
  region: Region;
  /** True for the pseudo-country of an international competition's area (docs/data.md, "Leagues"). */
  is_area: boolean;
  names: CountryNames;
};

for (const locale of [de, es, fr, it, nl, pt]) isoCountries.registerLocale(locale);

/** The UK's football nations and the continental areas have no ISO names: written here. */
const WRITTEN_NAMES: Readonly<Record<string, Omit<CountryNames, "en">>> = {
  eng: { de: "England", es: "Inglaterra", fr: "Angleterre", it: "Inghilterra", pt: "Inglaterra", nl: "Engeland" },
  sco: { de: "Schottland", es: "Escocia", fr: "Écosse", it: "Scozia", pt: "Escócia", nl: "Schotland" },
  wal: { de: "Wales", es: "Gales", fr: "Pays de Galles", it: "Galles", pt: "País de Gales", nl: "Wales" },
  nir: {
    de: "Nordirland",
    es: "Irlanda del Norte",
    fr: "Irlande du Nord",
    it: "Irlanda del Nord",
    pt: "Irlanda do Norte",
    nl: "Noord-Ierland",
  },
  europe: { de: "Europa", es: "Europa", fr: "Europe", it: "Europa", pt: "Europa", nl: "Europa" },
  "south-america": {
    de: "Südamerika",
    es: "Sudamérica",
    fr: "Amérique du Sud",
    it: "Sud America",
    pt: "América do Sul",
    nl: "Zuid-Amerika",
  },
};

/** Pseudo-countries for international competitions; "SAM" is our own code, no standard has one. */
const AREAS: readonly CountryEntry[] = [
  { key: "europe", name: "Europe", alpha2: null, alpha3: "EUR", fifa: "", region: "Europe" },
  { key: "south-america", name: "South America", alpha2: null, alpha3: "SAM", fifa: "", region: "South America" },
];

const BY_KEY = new Map<string, CountryEntry>([...COUNTRY_TABLE, ...AREAS].map((c) => [c.key, c]));
const BY_CODE = new Map<string, CountryEntry>();
const BY_NAME = new Map<string, CountryEntry>();
for (const entry of COUNTRY_TABLE) {
  BY_CODE.set(entry.alpha3, entry);
  BY_CODE.set(entry.fifa, entry); // FIFA wins over ISO where both exist (GER is Germany's)
  for (const name of [entry.name, ...(entry.aliases ?? [])]) BY_NAME.set(fold(name), entry);
}

export function countryByKey(key: string): CountryEntry | undefined {
  return BY_KEY.get(key);
}

/** By FIFA trigram or ISO alpha-3, as in the "(GER)" suffix of Champions League team names. */
export function countryByCode(code: string): CountryEntry | undefined {
  return BY_CODE.get(code.toUpperCase());
}

/** By English name or an alias used in the data's headings ("Österreich", "Latvija"). */
export function countryByName(name: string): CountryEntry | undefined {
  return BY_NAME.get(fold(name));
}

/** Builds the Country entity for a key of COUNTRY_TABLE or an area key. */
export function buildCountry(key: string): Country {
  const entry = BY_KEY.get(key);
  if (!entry) throw new Error(`Unknown country key "${key}"`);
  const isArea = AREAS.includes(entry);
  return {
    id: stableId("country", key),
    key,
    name: entry.name,
    alpha2: entry.alpha2,
    alpha3: entry.alpha3,
    fifa: entry.fifa === "" ? null : entry.fifa,
    region: entry.region,
    is_area: isArea,
    names: localizedCountryNames(entry),
  };
}

function localizedCountryNames(entry: CountryEntry): CountryNames {
  const written = WRITTEN_NAMES[entry.key];
  const name = (lang: Exclude<NameLanguage, "en">): string => written?.[lang] ?? isoName(entry, lang) ?? entry.name;
  return { en: entry.name, de: name("de"), es: name("es"), fr: name("fr"), it: name("it"), pt: name("pt"), nl: name("nl") };
}

/** The shorter of the library's official name and alias ("Oostenrijk", not "Republiek Oostenrijk"). */
function isoName(entry: CountryEntry, lang: NameLanguage): string | undefined {
  if (entry.alpha2 === null) return undefined;
  const official = isoCountries.getName(entry.alpha2, lang);
  const alias = isoCountries.getName(entry.alpha2, lang, { select: "alias" });
  const candidates = [official, alias].filter((name): name is string => typeof name === "string");
  return candidates.sort((a, b) => a.length - b.length)[0];
}
