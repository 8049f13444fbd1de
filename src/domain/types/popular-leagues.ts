/**
 * Leagues flagged `popular` in entity search (a fixed list, docs/data.md, "Leagues"): level 1
 * of England, Germany, Spain, Italy and France, plus the Champions League.
 */
export const POPULAR_LEAGUE_CODES: ReadonlySet<string> = new Set(["en.1", "de.1", "es.1", "it.1", "fr.1", "uefa.cl"]);
