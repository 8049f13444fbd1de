import { errors, type Client } from "@elastic/elasticsearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetBuilderDocument } from "../../src/domain/bet-builders/document.js";
import { generateBetBuilders } from "../../src/bet-builders/generate.js";
import { repriceForFixtures } from "../../src/bet-builders/reprice.js";
import type { FixtureDocument } from "../../src/domain/fixture/fixture-document.js";
import { unpackMovement } from "../../src/domain/fixture/packed-movement.js";
import { unpackOdds } from "../../src/domain/fixture/packed-odds.js";
import { applyFixtureUpdate, nowMoment, updateTarget, type UpdateTarget } from "../../src/live/apply-update.js";
import { runFollowUps } from "../../src/live/follow-ups.js";
import { loadCatalog, miniCatalog } from "../support/mini-catalog.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

/** The update path on its own: conditional writes, odds and movement, and what follows a write. */
const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const IN_PLAY = 1;
const USER = 7;

let env: TestEnv;
let target: UpdateTarget;
let userKey: string;

async function builder(id: number): Promise<BetBuilderDocument> {
  return (await env.es.get<BetBuilderDocument>({ index: env.deps.indices.bet_builders, id: String(id) }))._source!;
}

async function listedBuilderIds(): Promise<number[]> {
  await env.es.indices.refresh({ index: env.deps.indices.bet_builders });
  const response = await env.get(`/bet-builders?fixture_id=${IN_PLAY}`, { key: userKey });
  expect(response.status).toBe(200);
  return ((await response.json()) as { fixtures: Array<{ bet_builders: Array<{ id: number }> }> }).fixtures.flatMap((f) => f.bet_builders.map((b) => b.id));
}

async function update(change: Parameters<typeof applyFixtureUpdate>[2], at = new Date()) {
  const result = await applyFixtureUpdate(target, IN_PLAY, change, nowMoment(at));
  await runFollowUps(env.es, env.deps.indices, [result], at);
  return result;
}

beforeAll(async () => {
  env = await startTestEnv();
  userKey = await env.createKey({ userId: USER });
  await loadCatalog(
    env,
    miniCatalog([{ id: IN_PLAY, home: 11, away: 12, date_time: new Date(now.getTime() - 30 * 60_000).toISOString(), status: "NOT_STARTED", season: "current" }]),
    now,
  );
  target = updateTarget(env.es, env.deps.indices);
  await generateBetBuilders(env.es, env.deps.indices, { userId: USER, fixtureIds: [IN_PLAY], now });
  await env.es.indices.refresh({ index: env.deps.indices.bet_builders });
  await repriceForFixtures(env.es, env.deps.indices, [IN_PLAY], now);
});

afterAll(async () => {
  await env?.close();
});

async function someBuilder(): Promise<BetBuilderDocument> {
  await env.es.indices.refresh({ index: env.deps.indices.bet_builders });
  const response = await env.es.search<BetBuilderDocument>({ index: env.deps.indices.bet_builders, query: { term: { fixture_id: IN_PLAY } }, sort: [{ id: "asc" }] });
  return response.hits.hits[0]!._source!;
}

describe("the live update path", () => {
  it("suspends a bet builder when a live odd it holds is suspended, and restores it when the odd returns", async () => {
    const before = await someBuilder();
    const selection = before.selections[0]!;
    expect(selection.is_live).toBe(1);
    expect(await listedBuilderIds()).toContain(before.id);

    const suspended = await update({ odds: [{ odd_id: selection.odd_id, suspend: 1 }] });
    expect(suspended.effects.suspended).toEqual([selection.odd_id]);
    expect((await builder(before.id)).suspend).toBe(1);
    expect(await listedBuilderIds()).not.toContain(before.id);

    const restored = await update({ odds: [{ odd_id: selection.odd_id, suspend: 0 }] });
    expect(restored.effects.restored).toEqual([selection.odd_id]);
    expect((await builder(before.id)).suspend).toBe(0);
    expect(await listedBuilderIds()).toContain(before.id);
  });

  it("reprices the bet builders holding a selection whose live price changes, and keeps the price's movement", async () => {
    const before = await someBuilder();
    const selection = before.selections[0]!;
    const newPrice = Math.round((selection.value + 0.37) * 100) / 100;
    const at = new Date(now.getTime() + 90_000);
    const result = await update({ odds: [{ odd_id: selection.odd_id, value: newPrice }] }, at);
    expect(result.effects.repriced).toEqual([selection.odd_id]);

    const after = await builder(before.id);
    const others = before.selections.slice(1).reduce((product, s) => product * s.value, 1);
    expect(after.value).toBeCloseTo(newPrice * others, 1);
    expect(after.value).not.toBe(before.value);
    expect(after.last_priced_at).toBe(at.toISOString());
    expect(after.sp).toBe(before.sp);

    const doc = await env.storedFixture(IN_PLAY);
    const odd = unpackOdds(doc.odds, IN_PLAY).find((o) => o.odd_id === selection.odd_id)!;
    expect(odd).toMatchObject({ value: newPrice, last_update: Math.floor(at.getTime() / 1000), is_live: 1 });
    const history = unpackMovement(doc.movement, IN_PLAY).find((m) => m.odd_id === selection.odd_id)!.history;
    expect(history.slice(-2)).toEqual([
      { value: selection.value, timestamp: selection.last_update },
      { value: newPrice, timestamp: Math.floor(at.getTime() / 1000) },
    ]);
  });

  it("loses none of many concurrent updates to the same fixture (conflicts are read again and retried)", async () => {
    const doc = await env.storedFixture(IN_PLAY);
    const preMatch = unpackOdds(doc.odds, IN_PLAY).filter((odd) => odd.is_live === 0).slice(0, 12);
    const results = await Promise.all(
      preMatch.map((odd) => applyFixtureUpdate(target, IN_PLAY, { odds: [{ odd_id: odd.odd_id, value: odd.value + 1 }] })),
    );
    expect(results.every((result) => result.written)).toBe(true);
    expect(results.reduce((sum, result) => sum + result.conflicts, 0)).toBeGreaterThan(0);
    const after = new Map(unpackOdds((await env.storedFixture(IN_PLAY)).odds, IN_PLAY).map((odd) => [odd.odd_id, odd.value]));
    for (const odd of preMatch) expect(after.get(odd.odd_id)).toBe(odd.value + 1);
  });

  /**
   * The real client, with one fault injected into its conditional writes: `land` says
   * whether the write reaches the node before the answer is lost (a timeout either way).
   */
  function losingAnswers(land: boolean, losses: number): { es: Client; tries: () => number } {
    let tries = 0;
    const es = new Proxy(env.es, {
      get(client, property, receiver) {
        if (property !== "index") return Reflect.get(client, property, receiver);
        return async (...args: Parameters<Client["index"]>) => {
          tries++;
          if (tries > losses) return client.index(...args);
          if (land) await client.index(...args);
          throw new errors.TimeoutError("Request timed out");
        };
      },
    });
    return { es, tries: () => tries };
  }

  it.each([
    { case: "reached the node: taken as written, not written again", land: true, tries: 1, minute: 61 },
    { case: "never reached the node: written again", land: false, tries: 2, minute: 62 },
  ])("a conditional write whose answer was lost $case", async ({ land, tries, minute }) => {
    const before = await env.es.get({ index: env.deps.indices.fixtures, id: String(IN_PLAY) });
    const faulty = losingAnswers(land, 1);
    const at = new Date(now.getTime() + minute * 60_000);
    const result = await applyFixtureUpdate({ ...target, es: faulty.es }, IN_PLAY, { minute }, nowMoment(at));
    expect(result).toMatchObject({ written: true, conflicts: 0 });
    expect(faulty.tries()).toBe(tries);
    const after = await env.es.get<FixtureDocument>({ index: env.deps.indices.fixtures, id: String(IN_PLAY) });
    expect(after._seq_no).toBe(before._seq_no! + 1);
    expect(after._source).toMatchObject({ minute, updated_at: at.toISOString() });
  });

  it("writes nothing when a change changes nothing", async () => {
    const doc = await env.storedFixture(IN_PLAY);
    const result = await applyFixtureUpdate(target, IN_PLAY, { status: doc.status, minute: doc.minute, scores: doc.scores });
    expect(result.written).toBe(false);
    expect((await env.storedFixture(IN_PLAY)).updated_at).toBe(doc.updated_at);
  });

  it("keeps the indexed-only fields: where[] sees new statistics and entity search still finds the fixture", async () => {
    const doc = await env.storedFixture(IN_PLAY);
    const statistics = doc.statistics.map((s) => (s.developer_name === "CORNERS" && s.location === "league" ? { ...s, value: 97 } : s));
    expect(statistics).not.toEqual(doc.statistics);
    await update({ statistics });
    await env.es.indices.refresh({ index: env.deps.indices.fixtures });
    const search = await env.get("/fixtures/search?window=live&where[CORNERS]=97:97");
    expect(((await search.json()) as { fixtures: Array<{ id: number }> }).fixtures.map((f) => f.id)).toEqual([IN_PLAY]);
    const entity = await env.get("/search?q=arsenal%20chelsea&types=fixture");
    expect(((await entity.json()) as { fixtures: Array<{ id: number }> }).fixtures.map((f) => f.id)).toContain(IN_PLAY);
  });

  it("refuses an odd id of another fixture", async () => {
    await expect(applyFixtureUpdate(target, IN_PLAY, { odds: [{ odd_id: 2_000_511, value: 2 }] })).rejects.toThrow(/does not belong to fixture 1/);
  });
});
