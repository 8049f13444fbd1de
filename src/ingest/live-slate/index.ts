import type { CatalogLeague, CatalogMatch, CatalogSeason } from "../../domain/catalog.js";
import { stableId } from "../../domain/stable-id.js";
import { arrangeAroundNow, type SlateEntry } from "./around-now.js";
import { currentRoundIndex, nearestSaturday, planSeason, roundCount, type PlannedMatch } from "./calendar.js";
import { defaultSeasonName } from "./season-name.js";
import { hashedFixtureIds, type SeasonFixtureIds } from "./season-fixture-ids.js";
import { regularSeasonStage, roundRobinMatch, type Stage } from "./round-robin-match.js";

/**
 * The simulated current season of each given league, laid out around `now`: a weekly double
 * round-robin whose middle round is played on the weekend nearest to now (calendar.ts), with the
 * hours around now arranged so there are matches in play, none about to start or just finished,
 * and upcoming ones in every API window (around-now.ts).
 *
 * Matches carry no result (the match simulator supplies it from the fixture id). Status follows
 * the kick-off: FT, NOT_STARTED, or INPLAY_1ST_HALF as a placeholder the simulator refines.
 * Deterministic for the same now, leagues (in any order) and team lists.
 */

export type LiveSlateInput = {
  now: Date;
  /** The leagues to simulate; callers pass the domestic level-1 leagues. */
  leagues: readonly CatalogLeague[];
  /** League id to the team ids of its most recent season; leagues with fewer than 2 are skipped. */
  teamsByLeague: ReadonlyMap<number, readonly number[]>;
  /** Season name in the league's style; default: defaultSeasonName (season-name.ts). */
  seasonNameFor?: (league: CatalogLeague, now: Date) => string;
  /** The fixture ids of each season; default: hashed, checked against each other (season-fixture-ids.ts). */
  fixtureIds?: SeasonFixtureIds;
};

export type LiveSlate = { seasons: CatalogSeason[]; matches: CatalogMatch[] };

export const SLATE_SOURCE = "simulated";

export function buildLiveSlate(input: LiveSlateInput): LiveSlate {
  const now = input.now.getTime();
  const nameFor = input.seasonNameFor ?? ((league: CatalogLeague, at: Date) => defaultSeasonName(league, at));
  const fixtureIds = input.fixtureIds ?? hashedFixtureIds();
  const leagues = [...input.leagues].sort((a, b) => a.code.localeCompare(b.code));

  const seasons: CatalogSeason[] = [];
  const entries: Array<{ slate: SlateEntry; planned: PlannedMatch; season: CatalogSeason; stage: Stage; id: number }> = [];
  for (const league of leagues) {
    const teams = input.teamsByLeague.get(league.id) ?? [];
    const rounds = roundCount(teams.length);
    if (rounds === 0) continue;
    const name = nameFor(league, input.now);
    const season: CatalogSeason = {
      id: stableId("season", `${league.code}:${name}:simulated`),
      league_id: league.id,
      name,
      simulated: true,
      source: SLATE_SOURCE,
    };
    seasons.push(season);
    const current = currentRoundIndex(rounds);
    const saturday = nearestSaturday(input.now, league.timezone);
    const stage = regularSeasonStage(season);
    const idOf = fixtureIds(league, season);
    for (const planned of planSeason(league, teams, saturday, current, `live-slate:${league.code}:${name}`)) {
      const slate = { kickoff: planned.kickoff, timeZone: league.timezone, current: planned.round === current + 1, inPlay: false };
      entries.push({ slate, planned, season, stage, id: idOf(planned) });
    }
  }

  const minute = new Date(Math.floor(now / 60_000) * 60_000).toISOString();
  arrangeAroundNow(entries.map((e) => e.slate), now, `live-slate:${minute}:${leagues.map((l) => l.code).join(",")}`);

  const matches = entries.map(({ slate, planned, season, stage, id }) => roundRobinMatch(id, season, stage, { ...planned, kickoff: slate.kickoff }, now));
  matches.sort((a, b) => a.date_time.localeCompare(b.date_time) || a.id - b.id);
  return { seasons, matches };
}

export { defaultSeasonName, playsCalendarYear } from "./season-name.js";
export { statusAt, FINISHED_AFTER_MS } from "./match-status.js";
