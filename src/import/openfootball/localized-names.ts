/** Names of one entity by ISO 639-1 language code, e.g. { en: ["Bayern Munich"], de: [...] }. */
export type LocalizedNames = Record<string, string[]>;

export function addLocalizedName(names: LocalizedNames, lang: string, name: string): void {
  const list = (names[lang] ??= []);
  if (!list.includes(name)) list.push(name);
}
