import { Random } from "../../domain/football/random.js";
import type { CatalogLeague, CatalogMatch, CatalogSeason } from "../../domain/catalog.js";
import { doubleRoundRobin } from "../live-slate/round-robin.js";
import { statusAt } from "../live-slate/match-status.js";
import { defaultSeasonName } from "../live-slate/season-name.js";
import { addDays, zonedToUtc, type LocalDate } from "../../domain/time/zoned-time.js";
import { stableId, type IdRegistry } from "../../domain/stable-id.js";
import { SYNTHETIC_SOURCE } from "./domestic-seasons.js";

/**
 * A European cup season: 16 teams drawn from four pots (the order the entrants are listed is
 * their seeding) into Group A to Group D, a double round-robin in each group (stage "Group
 * Stage", six matchdays on Tuesday and Wednesday evenings), then stage "Knockout": single-match
 * quarter-finals, semi-finals and a Saturday final, all with knockout: true.
 *
 * The catalog is built before the match simulator runs, so who goes through cannot follow the
 * results: group winners and runners-up are the two best-seeded teams of each group
 * (A1 v B2, B1 v A2, C1 v D2, D1 v C2), and the home side of a tie (the group winner) is the one
 * that reaches the next round (semi-finals A1 v B1 and C1 v D1). Tables and brackets of a
 * simulated cup may therefore disagree with the simulated scores.
 */

export const GROUP_STAGE = "Group Stage";
export const KNOCKOUT_STAGE = "Knockout";
const GROUP_NAMES = ["Group A", "Group B", "Group C", "Group D"] as const;
/** Weeks after the domestic season's first Saturday. */
const GROUP_WEEKS = [5, 7, 9, 12, 14, 16] as const;
const QUARTER_FINAL_WEEK = 24;
const SEMI_FINAL_WEEK = 28;
const FINAL_WEEK = 38;
const TUESDAY = 3; // days after the previous Saturday
const WEDNESDAY = 4;

type Fixture = {
  stage: { id: number; name: string };
  group: { id: number; name: string } | null;
  round: string;
  home: number;
  away: number;
  kickoff: number;
  knockout: boolean;
};

export function buildCupSeason(
  cup: CatalogLeague,
  seededTeams: readonly number[],
  firstSaturday: LocalDate,
  now: Date,
  seasonsBack: number,
  fixtureIds: IdRegistry,
): { season: CatalogSeason; matches: CatalogMatch[] } {
  if (seededTeams.length !== 16) throw new Error(`A cup needs 16 teams, got ${seededTeams.length}`);
  const name = defaultSeasonName(cup, now, seasonsBack);
  const season: CatalogSeason = {
    id: stableId("season", `${cup.code}:${name}:${SYNTHETIC_SOURCE}`),
    league_id: cup.id,
    name,
    simulated: true,
    source: SYNTHETIC_SOURCE,
  };
  const random = new Random(`synthetic:${cup.code}:${name}:draw`);
  const at = (week: number, day: number, time: string): number => {
    const [hour = 0, minute = 0] = time.split(":").map(Number);
    return zonedToUtc(addDays(firstSaturday, 7 * week + day), hour, minute, cup.timezone);
  };

  // Draw: pot p holds seeds 4p..4p+3; each group gets one team of each pot, so groups[g][0] is its top seed.
  const groups: number[][] = GROUP_NAMES.map(() => []);
  for (let pot = 0; pot < 4; pot++) {
    random.shuffle(seededTeams.slice(pot * 4, pot * 4 + 4)).forEach((team, g) => groups[g]?.push(team));
  }

  const fixtures: Fixture[] = [];
  const groupStage = { id: stableId("stage", `${season.id}:${GROUP_STAGE}`), name: GROUP_STAGE };
  groups.forEach((teams, g) => {
    const groupName = GROUP_NAMES[g] as string;
    const group = { id: stableId("group", `${season.id}:${groupName}`), name: groupName };
    doubleRoundRobin(teams).forEach((pairings, r) => {
      pairings.forEach(({ home, away }, i) => {
        const day = g < 2 ? TUESDAY : WEDNESDAY;
        const kickoff = at(GROUP_WEEKS[r] as number, day, i === 0 && g % 2 === 0 ? "18:45" : "21:00");
        fixtures.push({ stage: groupStage, group, round: `Matchday ${r + 1}`, home, away, kickoff, knockout: false });
      });
    });
  });

  const knockout = { id: stableId("stage", `${season.id}:${KNOCKOUT_STAGE}`), name: KNOCKOUT_STAGE };
  const tie = (round: string, home: number, away: number, kickoff: number): Fixture => ({
    stage: knockout, group: null, round, home, away, kickoff, knockout: true,
  });
  const [a, b, c, d] = groups as [number[], number[], number[], number[]];
  const quarterPairs: Array<[number[], number[]]> = [[a, b], [b, a], [c, d], [d, c]];
  const quarterFinals = quarterPairs.map(([winners, runnersUp], i) =>
    tie("Quarter-finals", winners[0] as number, runnersUp[1] as number, at(QUARTER_FINAL_WEEK, i < 2 ? TUESDAY : WEDNESDAY, "21:00")),
  );
  const semiFinals = [0, 2].map((i) =>
    tie("Semi-finals", quarterFinals[i]?.home as number, quarterFinals[i + 1]?.home as number, at(SEMI_FINAL_WEEK, i === 0 ? TUESDAY : WEDNESDAY, "21:00")),
  );
  const final = tie("Final", semiFinals[0]?.home as number, semiFinals[1]?.home as number, at(FINAL_WEEK, 0, "21:00"));
  fixtures.push(...quarterFinals, ...semiFinals, final);

  const nowMs = now.getTime();
  const matches = fixtures.map(
    (f): CatalogMatch => ({
      id: fixtureIds.idFor(`${cup.code}:${name}:${f.stage.name}:${f.round}:${f.home}:${f.away}`),
      season_id: season.id,
      league_id: cup.id,
      stage: f.stage,
      group: f.group,
      round: f.round,
      date_time: new Date(f.kickoff).toISOString(),
      status: statusAt(f.kickoff, nowMs),
      home_team_id: f.home,
      away_team_id: f.away,
      knockout: f.knockout,
    }),
  );
  return { season, matches };
}
