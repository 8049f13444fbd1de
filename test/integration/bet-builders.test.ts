import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { betBuildersAfterRebuild } from "../../src/bet-builders/after-rebuild.js";
import type { BetBuilderDocument } from "../../src/domain/bet-builders/document.js";
import { generateBetBuilders } from "../../src/bet-builders/generate.js";
import { ensureBetBuilderMapping } from "../../src/store/bet-builder-mapping.js";
import { repriceBetBuilders, repriceForFixtures } from "../../src/bet-builders/reprice.js";
import type { PackedOdd } from "../../src/domain/fixture/packed-odds.js";
import { loadCatalog, MINI_LEAGUE, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

type Builder = {
  id: number;
  user_id: number;
  model_id: number;
  is_live: number;
  value: number | null;
  sp: number | null;
  suspend: number;
  status: number;
  last_priced_at: string | null;
  raw: Record<string, unknown>;
  meta: Record<string, unknown>;
  created_at: string;
  language: string;
  content: { text: string };
  model: { id: number; name: string; color: string };
  selections: Array<{ odd_id: number; fixture_id: number; market_id: number; bookmaker_id: number; value: number; sp: number; suspend: number; raw: { is_betbuilder: boolean } }>;
};
type ListFixture = { id: number; date_time: string; is_live: boolean; status: string; language: string; participants: unknown[]; bet_builders: Builder[] };

const now = new Date("2026-11-21T15:30:00.000Z");
let env: TestEnv;
const keys: Record<number, string> = {};
let generated: BetBuilderDocument[] = [];

beforeAll(async () => {
  env = await startTestEnv();
  await loadCatalog(
    env,
    miniCatalog([
      { id: 1, home: 11, away: 12, date_time: "2025-03-01T15:00:00.000Z", status: "FT", result: { ft: [2, 1] } },
      { id: 2, home: 13, away: 11, date_time: "2025-03-08T15:00:00.000Z", status: "FT", result: { ft: [0, 0] } },
      { id: 3, home: 14, away: 12, date_time: "2025-03-09T15:00:00.000Z", status: "FT", result: { ft: [1, 3] } },
      { id: 4, home: 11, away: 13, date_time: "2026-11-21T14:45:00.000Z", status: "NOT_STARTED", season: "current" },
      { id: 5, home: 12, away: 14, date_time: "2026-11-22T15:00:00.000Z", status: "NOT_STARTED", season: "current" },
      { id: 7, home: 15, away: 16, date_time: "2026-11-23T18:00:00.000Z", status: "NOT_STARTED", season: "current" },
      { id: 8, home: 13, away: 12, date_time: "2026-11-21T11:00:00.000Z", status: "NOT_STARTED", season: "current" },
    ]),
    now,
  );
  for (const userId of [7, 8, 9, 10, 11]) keys[userId] = await env.createKey({ userId });
  const first = await generateBetBuilders(env.es, env.deps.indices, { userId: 7, now });
  const second = await generateBetBuilders(env.es, env.deps.indices, { userId: 8, fixtureIds: [5], now });
  generated = [...first.created, ...second.created];
  await env.es.indices.refresh({ index: env.deps.indices.bet_builders });
});
afterAll(async () => {
  await env?.close();
});

async function list(userId: number, query = ""): Promise<ListFixture[]> {
  const response = await env.get(`/bet-builders${query ? `?${query}` : ""}`, { key: keys[userId]! });
  expect(response.status).toBe(200);
  return ((await response.json()) as { fixtures: ListFixture[] }).fixtures;
}

const builderIds = (fixtures: ListFixture[]) => fixtures.flatMap((f) => f.bet_builders.map((b) => b.id));

async function stored(id: number): Promise<BetBuilderDocument> {
  return (await env.es.get<BetBuilderDocument>({ index: env.deps.indices.bet_builders, id: String(id) }))._source!;
}

async function refresh(): Promise<void> {
  await env.es.indices.refresh({ index: [env.deps.indices.bet_builders, env.deps.indices.fixtures] });
}

/** Rewrites some of a fixture's stored odds (the live updates will do this for real). */
async function patchOdds(fixtureId: number, change: (odd: PackedOdd, oddId: number) => PackedOdd): Promise<void> {
  const doc = await env.storedFixture(fixtureId);
  const odds = doc.odds.map((odd) => change([...odd] as PackedOdd, fixtureId * 1000 + odd[0]));
  await env.es.update({ index: env.deps.indices.fixtures, id: String(fixtureId), doc: { odds }, refresh: true });
}

describe("bet builder generation", () => {
  it("generates each model's combination for the fixtures in play and kicking off next, unpriced", () => {
    const mine = generated.filter((doc) => doc.user_id === 7);
    expect(new Set(mine.map((doc) => doc.fixture_id))).toEqual(new Set([4, 5, 7]));
    expect(new Set(mine.map((doc) => doc.model_id))).toEqual(new Set([1, 2]));
    for (const doc of mine) {
      expect(doc.value).toBeNull();
      expect(doc.last_priced_at).toBeNull();
      expect(doc.selections.length).toBeGreaterThanOrEqual(2);
      expect(doc.selections.length).toBeLessThanOrEqual(4);
      expect(new Set(doc.selections.map((s) => s.market_id)).size).toBe(doc.selections.length);
      expect(new Set(doc.selections.map((s) => s.bookmaker_id)).size).toBe(1);
      expect(doc.selections.every((s) => s.fixture_id === doc.fixture_id && s.raw.is_betbuilder && s.market_id !== 5)).toBe(true);
      const product = Math.round(doc.selections.reduce((p, s) => p * s.sp, 1) * 100) / 100;
      expect(doc.sp).toBe(product);
      expect(doc.created_at).toBe(now.toISOString());
    }
    expect(mine.filter((doc) => doc.fixture_id === 4).every((doc) => doc.is_live === 1 && doc.selections.every((s) => s.is_live === 1))).toBe(true);
    expect(mine.filter((doc) => doc.fixture_id === 5).every((doc) => doc.is_live === 0 && doc.selections.every((s) => s.is_live === 0))).toBe(true);
  });

  it("does not generate the same combination for the same user twice", async () => {
    const again = await generateBetBuilders(env.es, env.deps.indices, { userId: 7, now });
    expect(again.created).toEqual([]);
    expect(again.existing).toBe(generated.filter((doc) => doc.user_id === 7).length);
  });

  it("prices new bet builders in the pricing step: value is the product of current prices, sp stays", async () => {
    const report = await repriceForFixtures(env.es, env.deps.indices, [4, 5, 7], now);
    expect(report.updated).toBe(generated.length);
    await refresh();
    for (const { id } of generated) {
      const doc = await stored(id);
      expect(doc.value).toBe(Math.round(doc.selections.reduce((p, s) => p * s.value, 1) * 100) / 100);
      expect(doc.last_priced_at).toBe(now.toISOString());
      expect(doc.sp).toBe(generated.find((g) => g.id === id)!.sp);
    }
  });
});

describe("GET /bet-builders", () => {
  it("lists the user's bet builders under their fixtures by kick-off, newest first within a fixture", async () => {
    const fixtures = await list(7);
    expect(fixtures.map((f) => f.id)).toEqual([4, 5, 7]);
    const dates = fixtures.map((f) => f.date_time);
    expect(dates).toEqual([...dates].sort());
    for (const fixture of fixtures) {
      expect(fixture.language).toBe("en");
      expect(fixture.participants).toHaveLength(2);
      expect(fixture.bet_builders.length).toBeGreaterThan(0);
      const created = fixture.bet_builders.map((b) => b.created_at);
      expect(created).toEqual([...created].sort().reverse());
      for (const builder of fixture.bet_builders) {
        expect(builder.user_id).toBe(7);
        expect(Object.keys(builder)).toEqual([
          "id", "user_id", "model_id", "is_live", "value", "sp", "suspend", "status", "last_priced_at",
          "raw", "meta", "created_at", "language", "content", "model", "selections",
        ]);
        expect(builder.model.color).toMatch(/^#[0-9A-F]{6}$/i);
        expect(builder.content.text.length).toBeGreaterThan(40);
        expect(builder.raw).toMatchObject({ event_id: String(fixture.id) });
      }
    }
    expect(fixtures[0]!.is_live).toBe(true);
  });

  it("explains in the requested language and falls back to English, echoing the language", async () => {
    const english = (await list(7, "fixture_id=5"))[0]!.bet_builders[0]!;
    const german = (await list(7, "fixture_id=5&lang=de"))[0]!.bet_builders[0]!;
    const japanese = (await list(7, "fixture_id=5&language=ja"))[0]!.bet_builders[0]!;
    expect(german.language).toBe("de");
    expect(german.content.text).not.toBe(english.content.text);
    expect(german.content.text).toMatch(/Vorschlag/);
    expect(japanese.language).toBe("ja");
    expect(japanese.content.text).toBe(english.content.text);
    for (const language of ["es", "fr", "it", "pt", "nl"]) {
      const text = (await list(7, `fixture_id=5&lang=${language}`))[0]!.bet_builders[0]!.content.text;
      expect(text, language).not.toBe(english.content.text);
    }
  });

  it("filters by fixture_id, league_id, model_id and is_live", async () => {
    expect((await list(7, "fixture_id=5")).map((f) => f.id)).toEqual([5]);
    expect((await list(7, `league_id=${MINI_LEAGUE.id}`)).map((f) => f.id)).toEqual([4, 5, 7]);
    expect(await list(7, "league_id=999")).toEqual([]);
    const banker = await list(7, "model_id=2");
    expect(banker.flatMap((f) => f.bet_builders.map((b) => b.model_id))).toEqual(banker.flatMap((f) => f.bet_builders.map(() => 2)));
    expect(banker.length).toBeGreaterThan(0);
    expect((await list(7, "is_live=1")).map((f) => f.id)).toEqual([4]);
    expect((await list(7, "is_live=0")).map((f) => f.id)).toEqual([5, 7]);
  });

  it.each(["is_live=2", "is_live=yes", "fixture_id=abc", "fixture_id=1,2", "fixture_id=0", "model_id=x", "league_id=1,,2", "lang=english", "is_live=1&is_live=0"])(
    "returns 400 for %s",
    async (query) => {
      const response = await env.get(`/bet-builders?${query}`, { key: keys[7]! });
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json()) as object)).toEqual(["error"]);
    },
  );

  it("returns 403 Unauthorized without a valid key", async () => {
    for (const path of ["/bet-builders", `/bet-builders/${generated[0]!.id}`]) {
      const response = await env.get(path, { key: null });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: "Unauthorized" });
    }
  });
});

describe("bet builders are scoped to their user", () => {
  const sevens = () => generated.filter((doc) => doc.user_id === 7).map((doc) => doc.id);

  it("never lists another user's bet builders, whatever the parameters", async () => {
    const filters = ["", "fixture_id=4", "fixture_id=5", "fixture_id=7", `league_id=${MINI_LEAGUE.id}`, "model_id=1,2", "is_live=1", "is_live=0", "user_id=7", "lang=de"];
    for (const userId of [8, 9]) {
      for (const a of filters) {
        for (const b of filters) {
          const query = [a, b].filter(Boolean).join("&");
          const response = await env.get(`/bet-builders?${query}`, { key: keys[userId]! });
          if (response.status !== 200) continue; // a repeated parameter is a 400, which reveals nothing either
          const fixtures = ((await response.json()) as { fixtures: ListFixture[] }).fixtures;
          const builders = fixtures.flatMap((f) => f.bet_builders);
          expect(builders.every((b) => b.user_id === userId), `${userId}: ${query}`).toBe(true);
          expect(builders.some((b) => sevens().includes(b.id)), `${userId}: ${query}`).toBe(false);
        }
      }
    }
    expect(await list(9)).toEqual([]);
    expect(builderIds(await list(8)).length).toBeGreaterThan(0);
  });

  it("answers another user's bet builder id exactly like a missing one", async () => {
    for (const id of sevens()) {
      for (const query of ["", "?lang=de", "?user_id=7", `?api_token=${keys[7]}`]) {
        const response = await env.get(`/bet-builders/${id}${query}`, { key: keys[8]! });
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ error: "Bet builder not found" });
      }
    }
    const missing = await env.get("/bet-builders/123456789", { key: keys[7]! });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Bet builder not found" });
  });

  it("returns the user's own bet builder as a flat object in the requested language", async () => {
    const id = sevens()[0]!;
    const response = await env.get(`/bet-builders/${id}?lang=fr`, { key: keys[7]! });
    expect(response.status).toBe(200);
    const builder = (await response.json()) as Builder;
    expect(builder.id).toBe(id);
    expect(builder.user_id).toBe(7);
    expect(builder.language).toBe("fr");
    expect(builder).not.toHaveProperty("fixture_id");
    expect(builder).not.toHaveProperty("bet_builders");
    expect(typeof builder.value).toBe("number");
  });

  it.each(["abc", "0", "-5", "1.5", "1e3"])("returns 400 for the id %s", async (id) => {
    const response = await env.get(`/bet-builders/${id}`, { key: keys[7]! });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "id must be a positive integer" });
  });
});

describe("suspension and the fixture's state", () => {
  it("hides a bet builder while a selection is suspended and lists it again once priced", async () => {
    const target = generated.find((doc) => doc.user_id === 7 && doc.fixture_id === 5)!;
    const oddId = target.selections[0]!.odd_id;
    await patchOdds(5, (odd, id) => (id === oddId ? [odd[0], odd[1], odd[2], odd[3], odd[4] ?? 0, 1] : odd));
    const suspended = await repriceBetBuilders(env.es, env.deps.indices, 5, new Date(now.getTime() + 60_000));
    expect(suspended.suspended).toBeGreaterThan(0);
    await refresh();
    expect(builderIds(await list(7))).not.toContain(target.id);
    const byId = (await (await env.get(`/bet-builders/${target.id}`, { key: keys[7]! })).json()) as Builder;
    expect(byId.suspend).toBe(1);
    expect(byId.selections[0]!.suspend).toBe(1);

    // Available again, at a new price: back in the list, value and last_priced_at follow, sp does not.
    const later = new Date(now.getTime() + 120_000);
    await patchOdds(5, (odd, id) => (id === oddId ? [odd[0], Math.round((odd[1] + 0.25) * 100) / 100, odd[2], odd[3]] : odd));
    await repriceBetBuilders(env.es, env.deps.indices, 5, later);
    await refresh();
    expect(builderIds(await list(7))).toContain(target.id);
    const back = await stored(target.id);
    expect(back.suspend).toBe(0);
    expect(back.sp).toBe(target.sp);
    expect(back.last_priced_at).toBe(later.toISOString());
    expect(back.value).toBe(Math.round(back.selections.reduce((p, s) => p * s.value, 1) * 100) / 100);
    expect(back.selections[0]!.value).toBe(Math.round((target.selections[0]!.value + 0.25) * 100) / 100);
  });

  it("follows the fixture into play and out of the listings when it finishes, keeping it by id", async () => {
    await env.es.update({ index: env.deps.indices.fixtures, id: "7", doc: { status: "INPLAY_1ST_HALF", is_live: true }, refresh: true });
    await repriceBetBuilders(env.es, env.deps.indices, 7, now);
    await refresh();
    expect((await list(7, "is_live=1")).map((f) => f.id)).toEqual([4, 7]);
    expect((await list(7, "is_live=0")).map((f) => f.id)).toEqual([5]);

    const fixture = await env.storedFixture(7);
    const [home, away] = [fixture.home_team_id, fixture.away_team_id];
    const scores = (["1ST_HALF", "2ND_HALF", "CURRENT"] as const).flatMap((developer_name) => [
      { fixture_id: 7, team_id: home, value: 1, developer_name },
      { fixture_id: 7, team_id: away, value: 0, developer_name },
    ]);
    await env.es.update({ index: env.deps.indices.fixtures, id: "7", doc: { status: "FT", is_live: false, scores }, refresh: true });
    await repriceBetBuilders(env.es, env.deps.indices, 7, now);
    await refresh();
    expect((await list(7)).map((f) => f.id)).toEqual([4, 5]);
    const finished = generated.find((doc) => doc.user_id === 7 && doc.fixture_id === 7)!;
    const response = await env.get(`/bet-builders/${finished.id}`, { key: keys[7]! });
    expect(response.status).toBe(200);
    expect((await stored(finished.id)).fixture_finished).toBe(true);
  });
});

describe("the result cap", () => {
  it("returns at most 100 bet builders, the first in fixture order, newest first", async () => {
    const template = await stored(generated.find((doc) => doc.user_id === 7 && doc.fixture_id === 5)!.id);
    const copies: BetBuilderDocument[] = Array.from({ length: 130 }, (_, i) => ({
      ...template,
      id: 900_000 + i,
      user_id: 10,
      created_at: new Date(now.getTime() + i * 1000).toISOString(),
    }));
    await env.es.bulk({ refresh: true, operations: copies.flatMap((doc) => [{ index: { _index: env.deps.indices.bet_builders, _id: String(doc.id) } }, doc]) });
    const fixtures = await list(10);
    const ids = builderIds(fixtures);
    expect(ids).toHaveLength(100);
    expect(ids).toEqual(copies.map((c) => c.id).reverse().slice(0, 100));
  });

  it("counts only the bet builders it shows: copies whose fixture is gone do not shorten the list", async () => {
    const template = await stored(generated.find((doc) => doc.user_id === 7 && doc.fixture_id === 5)!.id);
    const earlier = new Date(Date.parse(template.fixture_date_time) - 3_600_000).toISOString();
    // 150 copies of a fixture that no longer exists sort first, then 120 valid ones.
    const gone: BetBuilderDocument[] = Array.from({ length: 150 }, (_, i) => ({
      ...template, id: 910_000 + i, user_id: 11, fixture_id: 999_999, fixture_date_time: earlier,
    }));
    const valid: BetBuilderDocument[] = Array.from({ length: 120 }, (_, i) => ({
      ...template, id: 920_000 + i, user_id: 11, created_at: new Date(now.getTime() + i * 1000).toISOString(),
    }));
    const operations = [...gone, ...valid].flatMap((doc) => [{ index: { _index: env.deps.indices.bet_builders, _id: String(doc.id) } }, doc]);
    await env.es.bulk({ refresh: true, operations });
    const ids = builderIds(await list(11));
    expect(ids).toHaveLength(100);
    expect(ids).toEqual(valid.map((c) => c.id).reverse().slice(0, 100));
  });
});

describe("betBuildersAfterRebuild", () => {
  it("gives demo users without bet builders some, priced, and leaves users who have some alone", async () => {
    const first = await betBuildersAfterRebuild(env.es, env.deps.indices, now);
    expect(first.demoUsers).toEqual([1, 2, 3]);
    expect(first.created).toBeGreaterThan(0);
    await refresh();
    const demo = await env.es.search<BetBuilderDocument>({ index: env.deps.indices.bet_builders, size: 100, query: { term: { user_id: 1 } } });
    expect(demo.hits.hits.length).toBeGreaterThan(0);
    expect(demo.hits.hits.every((hit) => hit._source!.value !== null && hit._source!.last_priced_at !== null)).toBe(true);
    const second = await betBuildersAfterRebuild(env.es, env.deps.indices, now);
    expect(second.demoUsers).toEqual([]);
    expect(second.created).toBe(0);
  });
});

describe("ensureBetBuilderMapping", () => {
  it("teaches an index created with an older mapping the new fields, keeping its documents", async () => {
    const legacy = `${env.deps.indices.prefix}_legacy_bet_builders`;
    await env.es.indices.create({ index: legacy, mappings: { dynamic: "strict", properties: { id: { type: "long" }, user_id: { type: "long" } } } });
    await env.es.index({ index: legacy, id: "1", document: { id: 1, user_id: 7 }, refresh: true });
    await ensureBetBuilderMapping(env.es, legacy);
    const mapping = Object.values(await env.es.indices.getMapping({ index: legacy }))[0]!.mappings.properties!;
    expect(mapping.fixture_status).toEqual({ type: "keyword" });
    expect(mapping.fixture_finished).toEqual({ type: "boolean" });
    expect((await env.es.count({ index: legacy })).count).toBe(1);
  });
});
