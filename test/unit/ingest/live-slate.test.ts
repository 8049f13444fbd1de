import { describe, expect, it } from "vitest";
import type { CatalogLeague, CatalogMatch } from "../../../src/domain/catalog.js";
import { buildLiveSlate, type LiveSlate } from "../../../src/ingest/live-slate/index.js";
import { doubleRoundRobin } from "../../../src/ingest/live-slate/round-robin.js";
import { FIXTURE_ID_BITS, stableId } from "../../../src/domain/stable-id.js";
import { REGIONS } from "../../../src/ingest/synthetic/regions.js";
import { realisticLeagues } from "./realistic-leagues.js";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Saturday afternoon in Europe, a Wednesday night, a summer Sunday evening, the autumn clock change, New Year's Eve, a Monday morning. */
const NOWS = [
  "2026-03-14T15:47:12.345Z",
  "2026-03-18T03:05:00.000Z",
  "2026-07-05T22:00:00.000Z",
  "2026-10-25T01:30:00.000Z",
  "2026-12-31T12:00:00.000Z",
  "2027-02-08T08:20:00.000Z",
];

const kickoff = (match: CatalogMatch): number => Date.parse(match.date_time);
const inPlay = (slate: LiveSlate): CatalogMatch[] => slate.matches.filter((m) => m.status === "INPLAY_1ST_HALF");

const built = new Map<string, { slate: LiveSlate; now: number; leagues: CatalogLeague[] }>();

/** The slate of the realistic league list at `iso`, built once per instant (tests only read it). */
function slateAt(iso: string): { slate: LiveSlate; now: number; leagues: CatalogLeague[] } {
  let result = built.get(iso);
  if (!result) {
    const { leagues, teamsByLeague } = realisticLeagues();
    result = { slate: buildLiveSlate({ now: new Date(iso), leagues, teamsByLeague }), now: Date.parse(iso), leagues };
    built.set(iso, result);
  }
  return result;
}

describe("doubleRoundRobin", () => {
  it.each([4, 5, 18, 19, 20])("with %i teams: every team meets every other once at home and once away", (n) => {
    const teams = Array.from({ length: n }, (_, i) => 100 + i);
    const rounds = doubleRoundRobin(teams);
    expect(rounds).toHaveLength(2 * (n + (n % 2) - 1));
    const pairs = rounds.flat().map(({ home, away }) => `${home}-${away}`);
    expect(new Set(pairs).size).toBe(n * (n - 1));
    expect(pairs).toHaveLength(n * (n - 1));
  });

  it("balances home and away within each half and mirrors the first half", () => {
    const teams = Array.from({ length: 20 }, (_, i) => i);
    const rounds = doubleRoundRobin(teams);
    const half = rounds.length / 2;
    for (const team of teams) {
      const first = rounds.slice(0, half).flat();
      const home = first.filter((p) => p.home === team).length;
      const away = first.filter((p) => p.away === team).length;
      expect(Math.abs(home - away)).toBeLessThanOrEqual(1);
    }
    rounds.slice(0, half).forEach((round, r) => {
      expect(rounds[r + half]).toEqual(round.map(({ home, away }) => ({ home: away, away: home })));
    });
  });
});

describe("buildLiveSlate", () => {
  it("gives every league one simulated current season of a full double round-robin", () => {
    const { slate, leagues } = slateAt(NOWS[0] as string);
    const { teamsByLeague } = realisticLeagues();
    expect(slate.seasons).toHaveLength(leagues.length);
    for (const league of leagues) {
      const season = slate.seasons.find((s) => s.league_id === league.id);
      expect(season).toMatchObject({ simulated: true, source: "simulated" });
      expect(season?.id).toBe(stableId("season", `${league.code}:${season?.name}:simulated`));
      const teams = teamsByLeague.get(league.id) ?? [];
      const matches = slate.matches.filter((m) => m.league_id === league.id);
      expect(matches.every((m) => m.season_id === season?.id)).toBe(true);
      const pairs = new Set(matches.map((m) => `${m.home_team_id}-${m.away_team_id}`));
      expect(pairs.size).toBe(teams.length * (teams.length - 1));
      for (const home of teams) for (const away of teams) if (home !== away) expect(pairs.has(`${home}-${away}`)).toBe(true);
    }
  });

  it("never has a team play twice in a round", () => {
    const { slate } = slateAt(NOWS[0] as string);
    const seen = new Set<string>();
    for (const m of slate.matches) {
      for (const team of [m.home_team_id, m.away_team_id]) {
        const key = `${m.season_id}:${m.round}:${team}`;
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
    }
  });

  it("names fixtures, stages and rounds by the documented keys, without results", () => {
    const { slate, leagues } = slateAt(NOWS[0] as string);
    for (const m of slate.matches) {
      const league = leagues.find((l) => l.id === m.league_id) as CatalogLeague;
      const season = slate.seasons.find((s) => s.id === m.season_id);
      const round = Number(m.round.replace("Matchday ", ""));
      expect(m.id).toBe(
        stableId("fixture", `${league.code}:${season?.name}:${round}:${m.home_team_id}:${m.away_team_id}`, FIXTURE_ID_BITS),
      );
      expect(m.stage).toEqual({ id: stableId("stage", `${m.season_id}:Regular Season`), name: "Regular Season" });
      expect(m.group).toBeNull();
      expect(m.knockout).toBe(false);
      expect(m.result).toBeUndefined();
      expect(m.date_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    }
    expect(new Set(slate.matches.map((m) => m.id)).size).toBe(slate.matches.length);
  });

  it.each(NOWS)("has 10 to 20 matches in play at %s, in the first half, around half time and in the second half", (iso) => {
    const { slate, now } = slateAt(iso);
    const live = inPlay(slate);
    expect(live.length).toBeGreaterThanOrEqual(10);
    expect(live.length).toBeLessThanOrEqual(20);
    const minutes = live.map((m) => (now - kickoff(m)) / MINUTE);
    for (const elapsed of minutes) {
      expect(elapsed).toBeGreaterThanOrEqual(1);
      expect(elapsed).toBeLessThanOrEqual(110);
    }
    expect(minutes.some((e) => e < 45)).toBe(true);
    expect(minutes.some((e) => e >= 45 && e <= 65)).toBe(true);
    expect(minutes.some((e) => e > 65)).toBe(true);
  });

  it.each(NOWS)("keeps every other kick-off out of now - 150' to now + 10' at %s", (iso) => {
    const { slate, now } = slateAt(iso);
    for (const m of slate.matches) {
      if (m.status === "INPLAY_1ST_HALF") continue;
      const k = kickoff(m);
      expect(k <= now - 150 * MINUTE || k >= now + 10 * MINUTE).toBe(true);
      expect(m.status).toBe(k > now ? "NOT_STARTED" : "FT");
    }
  });

  it.each(NOWS)("has upcoming matches in every window band (3, 6, 12, 24, 48, 168 h) at %s", (iso) => {
    const { slate, now } = slateAt(iso);
    let lower = 0;
    for (const hours of [3, 6, 12, 24, 48, 168]) {
      const inBand = slate.matches.filter((m) => kickoff(m) > now + lower * HOUR && kickoff(m) <= now + hours * HOUR);
      expect(inBand.length, `(${lower} h, ${hours} h]`).toBeGreaterThanOrEqual(2);
      expect(inBand.every((m) => m.status === "NOT_STARTED")).toBe(true);
      lower = hours;
    }
  });

  it.each(NOWS)("places now mid-season at %s: at least 3 weeks played and 2 weeks to come in every league", (iso) => {
    const { slate, now, leagues } = slateAt(iso);
    for (const league of leagues) {
      const times = slate.matches.filter((m) => m.league_id === league.id).map(kickoff);
      expect(Math.min(...times)).toBeLessThanOrEqual(now - 21 * DAY);
      expect(Math.max(...times)).toBeGreaterThanOrEqual(now + 14 * DAY);
      const finished = slate.matches.filter((m) => m.league_id === league.id && m.status === "FT").length;
      expect(finished / times.length).toBeGreaterThan(0.35);
      expect(finished / times.length).toBeLessThan(0.65);
    }
  });

  it("is deterministic for the same now, leagues and teams, whatever the league order", () => {
    const { leagues, teamsByLeague } = realisticLeagues();
    const now = new Date(NOWS[1] as string);
    const first = buildLiveSlate({ now, leagues, teamsByLeague });
    const second = buildLiveSlate({ now, leagues: [...leagues].reverse(), teamsByLeague });
    expect(second).toEqual(first);
    const later = buildLiveSlate({ now: new Date(now.getTime() + 3 * HOUR), leagues, teamsByLeague });
    expect(later.matches.map((m) => m.id).sort()).toEqual(first.matches.map((m) => m.id).sort());
  });

  it("kicks off at local slot times in London, 15:00 being 14:00Z in July and 15:00Z in January", () => {
    const { leagues, teamsByLeague } = realisticLeagues();
    const en = leagues.filter((l) => l.code === "en.1");
    const slate = buildLiveSlate({ now: new Date("2026-04-15T10:00:00Z"), leagues: en, teamsByLeague });
    const london = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", weekday: "short" });
    const regular = slate.matches.filter((m) => m.round !== "Matchday 20");
    for (const m of regular) {
      expect(["Fri 20:00", "Sat 12:30", "Sat 15:00", "Sat 17:30", "Sat 20:00", "Sun 13:30", "Sun 15:00", "Sun 17:30", "Sun 20:00", "Mon 20:00"])
        .toContain(london.format(new Date(m.date_time)).replace(",", ""));
    }
    const saturdayThree = regular.filter((m) => london.format(new Date(m.date_time)).replace(",", "") === "Sat 15:00");
    const july = saturdayThree.filter((m) => m.date_time.slice(5, 7) === "07");
    const january = saturdayThree.filter((m) => m.date_time.slice(5, 7) === "01");
    expect(july.length).toBeGreaterThan(0);
    expect(january.length).toBeGreaterThan(0);
    expect(july.every((m) => m.date_time.slice(11, 16) === "14:00")).toBe(true);
    expect(january.every((m) => m.date_time.slice(11, 16) === "15:00")).toBe(true);
  });

  it("names seasons in the league's style: two years in Europe, the calendar year in South America and MLS", () => {
    const { leagues, teamsByLeague } = realisticLeagues();
    const pick = (codes: string[]) => leagues.filter((l) => codes.includes(l.code));
    const nameOf = (slate: LiveSlate, code: string) =>
      slate.seasons.find((s) => s.league_id === leagues.find((l) => l.code === code)?.id)?.name;
    const autumn = buildLiveSlate({ now: new Date("2026-09-12T12:00:00Z"), leagues: pick(["en.1", "br.1", "mls", "jp.1"]), teamsByLeague });
    expect(nameOf(autumn, "en.1")).toBe("2026/2027");
    expect(nameOf(autumn, "br.1")).toBe("2026");
    expect(nameOf(autumn, "mls")).toBe("2026");
    expect(nameOf(autumn, "jp.1")).toBe("2026");
    const spring = buildLiveSlate({ now: new Date("2026-03-14T12:00:00Z"), leagues: pick(["en.1", "mx.1"]), teamsByLeague });
    expect(nameOf(spring, "en.1")).toBe("2025/2026");
    expect(nameOf(spring, "mx.1")).toBe("2025/2026");
    const custom = buildLiveSlate({
      now: new Date("2026-03-14T12:00:00Z"),
      leagues: pick(["en.1"]),
      teamsByLeague,
      seasonNameFor: () => "Current",
    });
    expect(nameOf(custom, "en.1")).toBe("Current");
  });

  it("handles a small league list and odd team counts without breaking the rules", () => {
    const league: CatalogLeague = {
      id: 1, code: "xx.1", name: "Tiny", alternate_names: [], names: { en: "Tiny" }, level: 1, country_id: 1,
      region: { ...REGIONS.Europe }, popular: false, timezone: "Europe/Berlin",
    };
    const now = Date.parse("2026-03-18T03:05:00Z");
    const slate = buildLiveSlate({ now: new Date(now), leagues: [league], teamsByLeague: new Map([[1, [1, 2, 3, 4, 5]]]) });
    expect(slate.matches).toHaveLength(20);
    for (const m of slate.matches) {
      const k = kickoff(m);
      if (m.status === "INPLAY_1ST_HALF") expect(now - k).toBeLessThanOrEqual(110 * MINUTE);
      else expect(k <= now - 150 * MINUTE || k >= now + 10 * MINUTE).toBe(true);
    }
    expect(buildLiveSlate({ now: new Date(now), leagues: [league], teamsByLeague: new Map() }).seasons).toEqual([]);
  });
});
