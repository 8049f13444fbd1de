/**
 * Notes for table positions (`result` of a standing row), per league code. A
 * documented, deliberately small configuration: the level-1 leagues whose European
 * and relegation places are well known; every other position's `result` is null.
 * Places are as of the 2024-25 rules of each competition; a league or stage not listed
 * here (second tiers, cups, championship/relegation rounds) has no notes. Adding a
 * league is adding an entry: the next rebuild or recomputation applies it.
 */
type Rule = { from: number; to: number; result: string };

const RULES: Record<string, Rule[]> = {
  "en.1": [
    { from: 1, to: 4, result: "UEFA Champions League" },
    { from: 5, to: 5, result: "UEFA Europa League" },
    { from: 6, to: 6, result: "UEFA Conference League Qualifiers" },
    { from: 18, to: 20, result: "Relegation" },
  ],
  "de.1": [
    { from: 1, to: 4, result: "UEFA Champions League" },
    { from: 5, to: 5, result: "UEFA Europa League" },
    { from: 6, to: 6, result: "UEFA Conference League Qualifiers" },
    { from: 16, to: 16, result: "Relegation Play-off" },
    { from: 17, to: 18, result: "Relegation" },
  ],
  "es.1": [
    { from: 1, to: 4, result: "UEFA Champions League" },
    { from: 5, to: 5, result: "UEFA Europa League" },
    { from: 6, to: 6, result: "UEFA Conference League Qualifiers" },
    { from: 18, to: 20, result: "Relegation" },
  ],
  "it.1": [
    { from: 1, to: 4, result: "UEFA Champions League" },
    { from: 5, to: 5, result: "UEFA Europa League" },
    { from: 6, to: 6, result: "UEFA Conference League Qualifiers" },
    { from: 18, to: 20, result: "Relegation" },
  ],
  "fr.1": [
    { from: 1, to: 3, result: "UEFA Champions League" },
    { from: 4, to: 4, result: "UEFA Champions League Qualifiers" },
    { from: 5, to: 5, result: "UEFA Europa League" },
    { from: 6, to: 6, result: "UEFA Conference League Qualifiers" },
    { from: 16, to: 16, result: "Relegation Play-off" },
    { from: 17, to: 18, result: "Relegation" },
  ],
  "nl.1": [
    { from: 1, to: 1, result: "UEFA Champions League" },
    { from: 2, to: 2, result: "UEFA Champions League Qualifiers" },
    { from: 16, to: 16, result: "Relegation Play-off" },
    { from: 17, to: 18, result: "Relegation" },
  ],
  "pt.1": [
    { from: 1, to: 1, result: "UEFA Champions League" },
    { from: 2, to: 2, result: "UEFA Champions League Qualifiers" },
    { from: 16, to: 16, result: "Relegation Play-off" },
    { from: 17, to: 18, result: "Relegation" },
  ],
  "uefa.cl": [
    { from: 1, to: 8, result: "Round of 16" },
    { from: 9, to: 24, result: "Knockout Round Play-offs" },
  ],
};

/** Only tables of a league's main stage carry notes (not a relegation round's own table). */
export function positionNote(leagueCode: string, stageName: string | null, position: number, tableSize: number): string | null {
  if (stageName !== null && !/^(regular season|league|league phase|apertura|clausura)$/i.test(stageName)) return null;
  const rules = RULES[leagueCode];
  if (!rules) return null;
  // A rule written for a 20-team table must not mark positions a smaller table lacks.
  const rule = rules.find((candidate) => position >= candidate.from && position <= candidate.to);
  return rule && rule.to <= tableSize ? rule.result : null;
}
