import { describe, expect, it } from "vitest";
import aliases from "../../src/ingest/documents/search-aliases.json" with { type: "json" };
import { useRealDataEnv } from "../support/real-data-env.js";

/**
 * What a fan means by short, ambiguous input, on the real data (the suite's shared rebuild):
 * the prominence prior and the curated aliases lift the famous club or competition, and never
 * beat clear text evidence.
 */
const { realData, env } = useRealDataEnv();

type Item = { score: number; name?: string; league?: { name: string }; country: { name: string } };
async function first(q: string, type: "team" | "league"): Promise<Item | undefined> {
  const response = await env().get(`/search?q=${encodeURIComponent(q)}&types=${type}&limit=3`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { teams?: Item[]; leagues?: Item[] };
  return (type === "team" ? body.teams : body.leagues)?.[0];
}
const nameOf = (item: Item | undefined) => item?.name ?? (item ? `${item.league!.name} (${item.country.name})` : undefined);

describe.skipIf(!realData)("GET /search: what a fan means", () => {
  it.each([
    ["team", "juve", "Juventus FC"],
    ["team", "bar", "FC Barcelona"],
    ["team", "barc", "FC Barcelona"],
    ["team", "city", "Manchester City FC"],
    ["team", "united", "Manchester United FC"],
    ["team", "bay", "FC Bayern München"],
    ["team", "gala", "Galatasaray"],
    ["team", "atleti", "Club Atlético de Madrid"],
    ["team", "spurs", "Tottenham Hotspur FC"],
    ["team", "real", "Real Madrid CF"],
    ["team", "inter", "FC Internazionale Milano"],
    ["league", "premier", "Premier League (England)"],
    ["league", "prem", "Premier League (England)"],
    ["league", "champions", "UEFA Champions League (Europe)"],
    ["league", "ucl", "UEFA Champions League (Europe)"],
    ["league", "epl", "Premier League (England)"],
    ["league", "bundesliga", "Bundesliga (Germany)"],
    ["league", "serie a", "Serie A (Italy)"],
    ["league", "brasileirao", "Brasileiro Série A (Brazil)"],
  ] as const)("%s %s is %s", async (type, q, expected) => {
    expect(nameOf(await first(q, type))).toBe(expected);
  });

  it.each([
    ["juve stabia", "Juve Stabia"],
    ["leicester", "Leicester City FC"],
    ["bari", "SSC Bari"],
    ["bayer", "Bayer 04 Leverkusen"],
    ["leeds united", "Leeds United FC"],
    ["espanyol", "RCD Espanyol de Barcelona"],
    ["barcelona sc", "Barcelona SC"],
    ["galaxy", "Los Angeles Galaxy"],
    ["torino", "Torino FC"],
  ])("clear text evidence wins: team %s stays %s", async (q, expected) => {
    expect(nameOf(await first(q, "team"))).toBe(expected);
  });

  it("keeps the league championship for the word typed in full", async () => {
    expect(nameOf(await first("championship", "league"))).toBe("Championship (England)");
  });

  it("scores an alias as a name (1) and a prior-lifted match below 1", async () => {
    expect((await first("juve", "team"))?.score).toBe(1);
    expect((await first("ucl", "league"))?.score).toBe(1);
    const city = (await first("city", "team"))!.score;
    expect(city).toBeGreaterThan(0.3);
    expect(city).toBeLessThan(1);
  });

  it("finds every entity the alias file names in the real data", async () => {
    const teams = await env().es.search<{ name: string }>({ index: env().deps.indices.teams, size: 0, aggs: { names: { terms: { field: "name", size: 2000 } } } });
    const leagues = await env().es.search<{ code: string }>({ index: env().deps.indices.leagues, size: 100, _source: ["code"] });
    const teamNames = new Set(
      ((teams.aggregations?.names as { buckets: Array<{ key: string }> } | undefined)?.buckets ?? []).map((bucket) => bucket.key),
    );
    const codes = new Set(leagues.hits.hits.map((hit) => hit._source!.code));
    expect(aliases.teams.map((entry) => entry.team).filter((name) => !teamNames.has(name))).toEqual([]);
    expect(aliases.leagues.map((entry) => entry.league).filter((code) => !codes.has(code))).toEqual([]);
  });
});
