import type { CatalogLeague, CatalogMatch, CatalogSeason } from "../../domain/catalog.js";
import { currentRoundIndex, nearestSaturday, planSeason, roundCount } from "../live-slate/calendar.js";
import { FINISHED_AFTER_MS } from "../live-slate/match-status.js";
import { roundKickoffs } from "../live-slate/weekend-slots.js";
import type { SeasonOutline } from "../documents/season-outline.js";
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

/**
 * The outline of the season `seasonsBack` back without making its matches (a source's `declared`
 * seasons, catalog-source.ts): a double round-robin's count, its first round's earliest kick-off
 * and its last round's latest (the rounds' slots, weekend-slots.ts; the order of the pairings
 * does not move them), no stage (the implicit one is dropped). Undefined while a fixture of it
 * is not settled at `now`: such a season is read. The source checks the outline against the
 * matches whenever they are made.
 */
export function pastSeasonOutline(league: CatalogLeague, teamCount: number, now: Date, seasonsBack: number): SeasonOutline | undefined {
  const rounds = roundCount(teamCount);
  const perRound = Math.floor(teamCount / 2);
  if (rounds === 0) return undefined;
  const firstSaturday = pastSeasonStart(league, teamCount, now, seasonsBack);
  const first = roundKickoffs(league, firstSaturday, perRound)[0]!;
  const last = roundKickoffs(league, addDays(firstSaturday, 7 * (rounds - 1)), perRound).at(-1)!;
  if (now.getTime() - last < FINISHED_AFTER_MS) return undefined;
  const count = rounds * perRound;
  return { count, settled: count, first: new Date(first).toISOString(), last: new Date(last).toISOString(), hasSearch: false, stages: new Map() };
}
