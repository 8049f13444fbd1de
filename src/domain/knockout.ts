/**
 * Stage and round names that mean a knockout tie: such a stage has no table (unless
 * its teams form round-robin groups; docs/data.md, "Knockout stages") and a simulated tie that is
 * level after 90 minutes goes to extra time and penalties.
 */
const KNOCKOUT_RE =
  /\b(final|finals|semi|quarter|play-?offs?|play-?outs?|qualifying|qualification|elimination|knockout|round of \d+|1\/\d+)\b/i;

/** "Playoffs - Championship" and "Playoffs - Relegation" are tables (docs/data.md, "Knockout stages"). */
const TABLE_PLAYOFFS_RE = /play-?offs?\s*-\s*(championship|relegation)/i;

export function isKnockoutName(name: string): boolean {
  return KNOCKOUT_RE.test(name) && !TABLE_PLAYOFFS_RE.test(name);
}
