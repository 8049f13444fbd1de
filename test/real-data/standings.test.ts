import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/**
 * Every real season's tables, recomputed here from the raw football.json files with
 * this file's own small code (not src/import, not src/standings) and compared with
 * GET /standings of the production rebuild, row by row. Only team identity comes
 * from the service: a raw spelling is matched to a team by the teams index's name
 * and alternate names (the import's job, tested elsewhere); the tables are not.
 */

const realData = inject("realData");
let env: TestEnv;
let key: string;

type RawMatch = {
  round: string;
  stage?: string;
  date: string;
  team1: string;
  team2: string;
  status?: string;
  score?: { ft?: [number, number]; et?: [number, number] };
};
type Tally = { played: number; won: number; drawn: number; lost: number; for: number; against: number };
type Side = { overall: Tally; home: Tally; away: Tally };
type RawTable = { stage: string; teams: Set<number>; first: string; sides: Map<number, Side> };
type TeamDoc = { id: number; name: string; alternate_names: string[]; league_ids: number[] };
type Row = {
  result: string | null;
  stage: { id: number; name: string } | null;
  group: { id: number; name: string } | null;
  position: number;
  team: { id: number; name: string };
  points: number;
  statistics: Array<{ developer_name: string; value: number }>;
};

const REGULAR = "Regular Season";
/** A stage named as a knockout has no table unless its teams form round-robin groups (docs/data.md, "Knockout stages"). */
const isKnockout = (stage: string) => /final|play-?offs?|play-?outs?|qualifying/i.test(stage) && !/play-?offs?\s*-\s*(championship|relegation)/i.test(stage);

function stageOf(match: RawMatch): string {
  const comma = match.round.indexOf(", ");
  const named = match.stage?.trim() || (comma === -1 ? undefined : match.round.slice(0, comma).trim());
  return named === undefined || named === "Regular" ? REGULAR : named;
}

/** "Aston Villa FC (ENG)" in the Champions League is "Aston Villa FC". */
const spelling = (name: string) => name.replace(/\s*\([A-Z]{3}\)$/, "").trim();

function counts(match: RawMatch): [number, number] | null {
  const ft = match.score?.ft;
  if (!ft || (match.status !== undefined && match.status !== "awarded")) return null;
  return match.score?.et ?? ft;
}

function emptyTally(): Tally {
  return { played: 0, won: 0, drawn: 0, lost: 0, for: 0, against: 0 };
}

function add(tally: Tally, scored: number, conceded: number): void {
  tally.played++;
  tally.for += scored;
  tally.against += conceded;
  if (scored > conceded) tally.won++;
  else if (scored === conceded) tally.drawn++;
  else tally.lost++;
}

const points = (t: Tally) => 3 * t.won + t.drawn;

/** Sets of teams that play each other, as lists of matches. */
function components(matches: Array<{ home: number; away: number; match: RawMatch }>) {
  const parent = new Map<number, number>();
  const find = (x: number): number => (parent.get(x) === x ? x : find(parent.get(x)!));
  for (const { home, away } of matches) {
    if (!parent.has(home)) parent.set(home, home);
    if (!parent.has(away)) parent.set(away, away);
    parent.set(find(home), find(away));
  }
  const byRoot = new Map<number, typeof matches>();
  for (const entry of matches) byRoot.set(find(entry.home), [...(byRoot.get(find(entry.home)) ?? []), entry]);
  return [...byRoot.values()];
}

function rawTables(matches: RawMatch[], teamIdOf: (name: string) => number): RawTable[] {
  const stages = new Map<string, RawMatch[]>();
  for (const match of matches) stages.set(stageOf(match), [...(stages.get(stageOf(match)) ?? []), match]);
  const tables: RawTable[] = [];
  for (const [stage, list] of stages) {
    const knockout = isKnockout(stage);
    // Knockout stages may hold placeholder sides ("N.N."): keep raw spellings until a group is found.
    const provisional = new Map<string, number>();
    const idOf = (name: string) => (knockout ? provisional.get(name) ?? provisional.set(name, provisional.size + 1).get(name)! : teamIdOf(name));
    const entries = list.map((match) => ({ home: idOf(spelling(match.team1)), away: idOf(spelling(match.team2)), match }));
    const parts = components(entries);
    const big = parts.filter((part) => new Set(part.flatMap((e) => [e.home, e.away])).size >= 3);
    let chosen: typeof parts;
    if (knockout) {
      chosen = big.filter((part) => {
        const teams = [...new Set(part.flatMap((e) => [e.home, e.away]))];
        const met = new Set(part.map((e) => [e.home, e.away].sort((a, b) => a - b).join(":")));
        return teams.every((a, i) => teams.slice(i + 1).every((b) => met.has([a, b].sort((x, y) => x - y).join(":"))));
      });
      chosen = chosen.map((part) => part.map((e) => ({ ...e, home: teamIdOf(spelling(e.match.team1)), away: teamIdOf(spelling(e.match.team2)) })));
    } else {
      chosen = big.length >= 2 ? big : [entries];
    }
    for (const part of chosen) {
      const sides = new Map<number, Side>();
      const side = (id: number) => sides.get(id) ?? sides.set(id, { overall: emptyTally(), home: emptyTally(), away: emptyTally() }).get(id)!;
      for (const { home, away, match } of part) {
        const h = side(home);
        const a = side(away);
        const goals = counts(match);
        if (!goals) continue;
        add(h.overall, goals[0], goals[1]);
        add(h.home, goals[0], goals[1]);
        add(a.overall, goals[1], goals[0]);
        add(a.away, goals[1], goals[0]);
      }
      const first = part.map((e) => e.match.date).sort()[0]!;
      tables.push({ stage, teams: new Set(sides.keys()), first, sides });
    }
  }
  return tables;
}

function expectedRows(table: RawTable, englishName: (id: number) => string) {
  const ranked = [...table.sides].sort(([idA, a], [idB, b]) => {
    const gd = (t: Tally) => t.for - t.against;
    return (
      points(b.overall) - points(a.overall) ||
      gd(b.overall) - gd(a.overall) ||
      b.overall.for - a.overall.for ||
      englishName(idA).localeCompare(englishName(idB), "en") ||
      idA - idB
    );
  });
  return ranked.map(([id, side], index) => {
    const stats: Record<string, number> = {};
    for (const [scope, tally] of [["OVERALL", side.overall], ["HOME", side.home], ["AWAY", side.away]] as const) {
      Object.assign(stats, {
        [`${scope}_MATCHES_PLAYED`]: tally.played,
        [`${scope}_WON`]: tally.won,
        [`${scope}_DRAWN`]: tally.drawn,
        [`${scope}_LOST`]: tally.lost,
        [`${scope}_GOALS_FOR`]: tally.for,
        [`${scope}_GOALS_AGAINST`]: tally.against,
        [`${scope}_GOAL_DIFFERENCE`]: tally.for - tally.against,
        [`${scope}_POINTS`]: points(tally),
      });
    }
    return { position: index + 1, team: id, points: points(side.overall), stats };
  });
}

function seasonName(folder: string): string {
  const split = /^(\d{4})-(\d{2})$/.exec(folder);
  return split ? `${split[1]}/${split[1]!.slice(0, 2)}${split[2]}` : folder;
}

beforeAll(async () => {
  if (!realData) return;
  env = await startTestEnv({}, { dataPrefix: realData.prefix });
  key = await env.createKey({ userId: 1, roles: ["standings"] });
});
afterAll(async () => {
  await env?.close();
});

describe.skipIf(!realData)("GET /standings on the real data", () => {
  it("equals, row by row, every real season's tables recomputed from the raw files", async () => {
    const { es, deps } = env;
    const teams = (await es.search<TeamDoc>({ index: deps.indices.teams, size: 5000, _source: ["id", "name", "alternate_names", "league_ids"] })).hits.hits.map((h) => h._source!);
    const leagues = (await es.search<{ id: number; code: string }>({ index: deps.indices.leagues, size: 1000, _source: ["id", "code"] })).hits.hits.map((h) => h._source!);
    const seasons = (await es.search<{ id: number; league_id: number; name: string; simulated: boolean }>({ index: deps.indices.seasons, size: 1000 })).hits.hits.map((h) => h._source!);
    const englishName = (id: number) => teams.find((team) => team.id === id)!.name;

    const root = join(realData!.dir, "football.json");
    let compared = 0;
    let rowsCompared = 0;
    for (const folder of readdirSync(root).filter((name) => /^\d{4}(-\d{2})?$/.test(name)).sort()) {
      for (const file of readdirSync(join(root, folder)).filter((name) => name.endsWith(".json")).sort()) {
        const code = file.replace(/\.json$/, "");
        const where = `${folder}/${file}`;
        const league = leagues.find((l) => l.code === code);
        const season = seasons.find((s) => s.league_id === league?.id && s.name === seasonName(folder) && !s.simulated);
        expect(season, where).toBeDefined();
        const teamIdOf = (name: string): number => {
          const candidates = teams.filter((team) => team.name === name || team.alternate_names.includes(name));
          const inLeague = candidates.filter((team) => team.league_ids.includes(league!.id));
          const pick = inLeague.length === 1 ? inLeague : candidates;
          if (pick.length !== 1) throw new Error(`${where}: "${name}" matches ${pick.length} teams`);
          return pick[0]!.id;
        };
        const { matches } = JSON.parse(readFileSync(join(root, folder, file), "utf8")) as { matches: RawMatch[] };
        const expected = rawTables(matches, teamIdOf);

        const response = await env.get(`/standings?season_id=${season!.id}`, { key });
        expect(response.status, where).toBe(200);
        const rows = ((await response.json()) as { standings: Row[] }).standings;
        const served = new Map<string, Row[]>();
        for (const row of rows) {
          const tableKey = `${row.stage?.id ?? 0}:${row.group?.id ?? 0}`;
          served.set(tableKey, [...(served.get(tableKey) ?? []), row]);
        }
        expect(served.size, `${where}: number of tables`).toBe(expected.length);
        // A season whose fixtures all sit in the regular season has no stages (stage null).
        const onlyRegular = matches.every((match) => stageOf(match) === REGULAR);
        for (const table of expected) {
          const label = `${where} ${table.stage}`;
          const match = [...served.values()].find(
            (list) =>
              (list[0]!.stage?.name ?? REGULAR) === table.stage &&
              list.length === table.teams.size &&
              list.every((row) => table.teams.has(row.team.id)),
          );
          expect(match, `${label}: a served table with the same stage and teams`).toBeDefined();
          if (onlyRegular) expect(match![0]!.stage, `${label}: a season without stages has stage null`).toBeNull();
          const want = expectedRows(table, englishName);
          const got = match!.map((row) => ({
            position: row.position,
            team: row.team.id,
            points: row.points,
            stats: Object.fromEntries(row.statistics.map((s) => [s.developer_name, s.value])),
          }));
          expect(got, label).toEqual(want);
          rowsCompared += got.length;
        }
        // Tables come ordered by stage (first fixture), and each table by position.
        const stageOrder = [...new Set(rows.map((row) => row.stage?.name ?? REGULAR))];
        const firstDates = stageOrder.map((stage) => expected.filter((t) => t.stage === stage).map((t) => t.first).sort()[0]!);
        expect(firstDates, `${where}: stage order`).toEqual([...firstDates].sort());
        compared++;
      }
    }
    expect(compared).toBe(64);
    expect(rowsCompared).toBeGreaterThan(1_200);
  });

  it("has the tables the data rules name: Greece's ECL Playoffs, eight Libertadores groups, no knockout stage", async () => {
    const { es, deps } = env;
    const leagues = (await es.search<{ id: number; code: string }>({ index: deps.indices.leagues, size: 1000, _source: ["id", "code"] })).hits.hits.map((h) => h._source!);
    const seasons = (await es.search<{ id: number; league_id: number; name: string }>({ index: deps.indices.seasons, size: 1000 })).hits.hits.map((h) => h._source!);
    const rowsOf = async (code: string, name: string) => {
      const league = leagues.find((l) => l.code === code)!;
      const season = seasons.find((s) => s.league_id === league.id && s.name === name)!;
      const response = await env.get(`/standings?season_id=${season.id}`, { key });
      return ((await response.json()) as { standings: Row[] }).standings;
    };
    const greece = await rowsOf("gr.1", "2024/2025");
    expect(new Set(greece.map((r) => r.stage?.name))).toEqual(new Set(["Regular Season", "Championship", "ECL Playoffs", "Relegation"]));
    expect(greece.filter((r) => r.stage?.name === "ECL Playoffs")).toHaveLength(4);
    const libertadores = await rowsOf("copa.l", "2025");
    expect(new Set(libertadores.filter((r) => r.stage?.name === "Group").map((r) => r.group?.name)).size).toBe(8);
    expect(libertadores.some((r) => /Qualifying|Finals/.test(r.stage?.name ?? ""))).toBe(false);
    const premier = await rowsOf("en.1", "2024/2025");
    expect(premier).toHaveLength(20);
    expect(premier[0]!.team.name).toBe("Liverpool FC");
    expect(premier[0]!.result).toBe("UEFA Champions League");
    expect(premier.slice(17).map((r) => [r.team.name, r.result])).toEqual([
      ["Leicester City FC", "Relegation"],
      ["Ipswich Town FC", "Relegation"],
      ["Southampton FC", "Relegation"],
    ]);
  });
});
