import type { CatalogLeague, CatalogMatch, CatalogSeason } from "../../domain/catalog.js";
import { currentRoundIndex, nearestSaturday, planSeason, roundCount } from "../live-slate/calendar.js";
import { regularSeasonStage, roundRobinMatch } from "../live-slate/round-robin-match.js";
import { defaultSeasonName } from "../live-slate/season-name.js";
import { addDays, type LocalDate } from "../../domain/time/zoned-time.js";
import { stableId } from "../../domain/stable-id.js";
import type { SeasonFixtureIds } from "../live-slate/season-fixture-ids.js";

/**
 * Past seasons of a domestic league: the same weekly double round-robin as the live slate, the
 * season n back starting exactly 52 weeks x n before the current season's first round (so
 * seasons never overlap and keep their weekday slots). Named by the league's style counted back
 * from the current season ("2025/2026", then "2024/2025"). All matches are simulated: no result,
 * status FT (edge-cases.ts adds the other past statuses).
 */

export const SYNTHETIC_SOURCE = "synthetic";
const WEEKS_PER_YEAR = 52;

/** Saturday of the first round of the season in play at `now` (the live slate's calendar). */
export function currentSeasonStart(league: CatalogLeague, teamCount: number, now: Date): LocalDate {
  const rounds = roundCount(teamCount);
  return addDays(nearestSaturday(now, league.timezone), -7 * currentRoundIndex(rounds));
}

/** Saturday of the first round of the season `seasonsBack` seasons before the current one. */
export function pastSeasonStart(league: CatalogLeague, teamCount: number, now: Date, seasonsBack: number): LocalDate {
  return addDays(currentSeasonStart(league, teamCount, now), -7 * WEEKS_PER_YEAR * seasonsBack);
}

export function pastSeason(league: CatalogLeague, now: Date, seasonsBack: number): CatalogSeason {
  const name = defaultSeasonName(league, now, seasonsBack);
  return {
    id: stableId("season", `${league.code}:${name}:${SYNTHETIC_SOURCE}`),
    league_id: league.id,
    name,
    simulated: true,
    source: SYNTHETIC_SOURCE,
  };
}

export function buildPastLeagueSeason(
  league: CatalogLeague,
  teamIds: readonly number[],
  now: Date,
  seasonsBack: number,
  fixtureIds: SeasonFixtureIds,
): { season: CatalogSeason; matches: CatalogMatch[] } {
  const season = pastSeason(league, now, seasonsBack);
  const start = pastSeasonStart(league, teamIds.length, now, seasonsBack);
  const stage = regularSeasonStage(season);
  const nowMs = now.getTime();
  const idOf = fixtureIds(league, season);
  const planned = planSeason(league, teamIds, start, 0, `synthetic:${league.code}:${season.name}`);
  const matches = planned.map((match) => roundRobinMatch(idOf(match), season, stage, match, nowMs));
  return { season, matches };
}
