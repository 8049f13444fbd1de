import type { CatalogMatch } from "../../domain/catalog.js";
import { REGULAR_SEASON } from "../../domain/types/stages.js";

/**
 * A competition without stages has `stage: null` (docs/data.md, "Stages"): when every
 * fixture of a season sits in the implicit "Regular Season" stage, the stage is
 * dropped for that season. Seasons with real stages keep all of theirs.
 */
export function dropImplicitStages(matches: CatalogMatch[]): CatalogMatch[] {
  const staged = new Set<number>();
  for (const match of matches) {
    if (match.stage && match.stage.name !== REGULAR_SEASON) staged.add(match.season_id);
  }
  return matches.map((match) =>
    match.stage && !staged.has(match.season_id) ? { ...match, stage: null } : match,
  );
}
