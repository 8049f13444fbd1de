import type { CatalogCountry } from "../../domain/catalog.js";
import { stableId } from "../../domain/stable-id.js";
import { REGIONS, type RegionKey } from "./regions.js";

/**
 * Countries of the synthetic data, keyed like the real-data importer (openfootball keys: "eng",
 * "de", and "europe" for the pseudo-country of a European competition), so ids agree:
 * stableId("country", key). `timezone` is where a league of that country plays.
 */
type CountrySpec = {
  name: string;
  alpha2: string | null;
  alpha3: string;
  region: RegionKey;
  timezone: string;
  names: { de: string; es: string; fr: string; it: string; pt: string; nl: string };
};

export const SYNTHETIC_COUNTRIES = {
  eng: {
    name: "England", alpha2: null, alpha3: "ENG", region: "Europe", timezone: "Europe/London",
    names: { de: "England", es: "Inglaterra", fr: "Angleterre", it: "Inghilterra", pt: "Inglaterra", nl: "Engeland" },
  },
  es: {
    name: "Spain", alpha2: "ES", alpha3: "ESP", region: "Europe", timezone: "Europe/Madrid",
    names: { de: "Spanien", es: "España", fr: "Espagne", it: "Spagna", pt: "Espanha", nl: "Spanje" },
  },
  de: {
    name: "Germany", alpha2: "DE", alpha3: "DEU", region: "Europe", timezone: "Europe/Berlin",
    names: { de: "Deutschland", es: "Alemania", fr: "Allemagne", it: "Germania", pt: "Alemanha", nl: "Duitsland" },
  },
  br: {
    name: "Brazil", alpha2: "BR", alpha3: "BRA", region: "South America", timezone: "America/Sao_Paulo",
    names: { de: "Brasilien", es: "Brasil", fr: "Brésil", it: "Brasile", pt: "Brasil", nl: "Brazilië" },
  },
  europe: {
    name: "Europe", alpha2: null, alpha3: "EUR", region: "Europe", timezone: "Europe/Paris",
    names: { de: "Europa", es: "Europa", fr: "Europe", it: "Europa", pt: "Europa", nl: "Europa" },
  },
  fr: {
    name: "France", alpha2: "FR", alpha3: "FRA", region: "Europe", timezone: "Europe/Paris",
    names: { de: "Frankreich", es: "Francia", fr: "France", it: "Francia", pt: "França", nl: "Frankrijk" },
  },
  it: {
    name: "Italy", alpha2: "IT", alpha3: "ITA", region: "Europe", timezone: "Europe/Rome",
    names: { de: "Italien", es: "Italia", fr: "Italie", it: "Italia", pt: "Itália", nl: "Italië" },
  },
  nl: {
    name: "Netherlands", alpha2: "NL", alpha3: "NLD", region: "Europe", timezone: "Europe/Amsterdam",
    names: { de: "Niederlande", es: "Países Bajos", fr: "Pays-Bas", it: "Paesi Bassi", pt: "Países Baixos", nl: "Nederland" },
  },
  pt: {
    name: "Portugal", alpha2: "PT", alpha3: "PRT", region: "Europe", timezone: "Europe/Lisbon",
    names: { de: "Portugal", es: "Portugal", fr: "Portugal", it: "Portogallo", pt: "Portugal", nl: "Portugal" },
  },
  ar: {
    name: "Argentina", alpha2: "AR", alpha3: "ARG", region: "South America", timezone: "America/Argentina/Buenos_Aires",
    names: { de: "Argentinien", es: "Argentina", fr: "Argentine", it: "Argentina", pt: "Argentina", nl: "Argentinië" },
  },
  jp: {
    name: "Japan", alpha2: "JP", alpha3: "JPN", region: "Asia", timezone: "Asia/Tokyo",
    names: { de: "Japan", es: "Japón", fr: "Japon", it: "Giappone", pt: "Japão", nl: "Japan" },
  },
  us: {
    name: "United States", alpha2: "US", alpha3: "USA", region: "North and Central America", timezone: "America/New_York",
    names: { de: "Vereinigte Staaten", es: "Estados Unidos", fr: "États-Unis", it: "Stati Uniti", pt: "Estados Unidos", nl: "Verenigde Staten" },
  },
  mx: {
    name: "Mexico", alpha2: "MX", alpha3: "MEX", region: "North and Central America", timezone: "America/Mexico_City",
    names: { de: "Mexiko", es: "México", fr: "Mexique", it: "Messico", pt: "México", nl: "Mexico" },
  },
  au: {
    name: "Australia", alpha2: "AU", alpha3: "AUS", region: "Oceania", timezone: "Australia/Sydney",
    names: { de: "Australien", es: "Australia", fr: "Australie", it: "Australia", pt: "Austrália", nl: "Australië" },
  },
  eg: {
    name: "Egypt", alpha2: "EG", alpha3: "EGY", region: "Africa", timezone: "Africa/Cairo",
    names: { de: "Ägypten", es: "Egipto", fr: "Égypte", it: "Egitto", pt: "Egito", nl: "Egypte" },
  },
} as const satisfies Record<string, CountrySpec>;

export type SyntheticCountryKey = keyof typeof SYNTHETIC_COUNTRIES;

export function countryId(key: SyntheticCountryKey): number {
  return stableId("country", key);
}

export function buildCountry(key: SyntheticCountryKey): CatalogCountry {
  const spec: CountrySpec = SYNTHETIC_COUNTRIES[key];
  return {
    id: countryId(key),
    name: spec.name,
    alpha2: spec.alpha2,
    alpha3: spec.alpha3,
    names: { en: spec.name, ...spec.names },
    region: { ...REGIONS[spec.region] },
  };
}
