import { fold } from "./fold.js";

/**
 * The spellings of one name that count as "the same name" for entity search: the folded name,
 * and the folded name with the usual transliteration of umlauts and Nordic letters (ü -> ue,
 * ø -> oe, å -> aa), because people type "München" as "munchen" and as "muenchen" alike.
 */

const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  ä: "ae",
  Ä: "Ae",
  ö: "oe",
  Ö: "Oe",
  ü: "ue",
  Ü: "Ue",
  ø: "oe",
  Ø: "Oe",
  å: "aa",
  Å: "Aa",
};
const TRANSLITERATION_RE = new RegExp(`[${Object.keys(TRANSLITERATIONS).join("")}]`, "gu");

/** Every distinct folded spelling of `name` (one, or two when it has letters to transliterate). */
export function exactForms(name: string): string[] {
  // Decomposed input ("u" + combining diaeresis) must meet the same table.
  const composed = name.normalize("NFC");
  const plain = fold(composed);
  const transliterated = fold(composed.replace(TRANSLITERATION_RE, (ch) => TRANSLITERATIONS[ch] ?? ch));
  return plain === transliterated ? [plain] : [plain, transliterated];
}

/** The exact forms of several names, without empties or repeats, in first-seen order. */
export function exactFormsOf(names: Iterable<string>): string[] {
  const forms = new Set<string>();
  for (const name of names) for (const form of exactForms(name)) if (form.length > 0) forms.add(form);
  return [...forms];
}
