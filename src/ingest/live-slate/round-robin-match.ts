import type { CatalogMatch, CatalogSeason } from "../../domain/catalog.js";
import { stableId } from "../../domain/stable-id.js";
import { REGULAR_SEASON } from "../../domain/types/stages.js";
import type { PlannedMatch } from "./calendar.js";
import { statusAt } from "./match-status.js";

export type Stage = NonNullable<CatalogMatch["stage"]>;

/** The one stage of a league season played as a round-robin. */
export function regularSeasonStage(season: Pick<CatalogSeason, "id">): Stage {
  return { id: stableId("stage", `${season.id}:${REGULAR_SEASON}`), name: REGULAR_SEASON };
}

/** A planned match of a round-robin season as a catalog match, its status from its kick-off and `nowMs`. */
export function roundRobinMatch(id: number, season: Pick<CatalogSeason, "id" | "league_id">, stage: Stage, match: PlannedMatch, nowMs: number): CatalogMatch {
  return {
    id,
    season_id: season.id,
    league_id: season.league_id,
    stage,
    group: null,
    round: `Matchday ${match.round}`,
    date_time: new Date(match.kickoff).toISOString(),
    status: statusAt(match.kickoff, nowMs),
    home_team_id: match.home,
    away_team_id: match.away,
    knockout: false,
  };
}
