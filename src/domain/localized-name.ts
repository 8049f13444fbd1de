import type { LocalizedNames } from "./catalog.js";

/** The name in `language`, falling back to English (docs/api-behaviour.md, "Names without a translation"). */
export function localizedName(names: LocalizedNames | undefined, fallback: string, language: string): string {
  return names?.[language] ?? names?.en ?? fallback;
}

/** Only the translations that differ from the English name: keeps stored documents small. */
export function translationsOnly(names: LocalizedNames, english: string): LocalizedNames {
  const result: LocalizedNames = {};
  for (const [language, name] of Object.entries(names)) {
    if (language !== "en" && name !== english) result[language] = name;
  }
  return result;
}
