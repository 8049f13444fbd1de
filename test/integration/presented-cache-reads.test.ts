import { describe, expect, it } from "vitest";
import { FixtureJsonCache } from "../../src/presenters/fixture-json-cache.js";
import { buildFixturesSearch } from "../../src/search/fixture-list/fixtures-query.js";
import { pageWindow } from "../../src/http/page-params.js";
import { readRefs, searchRefs, sourceFilterOf } from "../../src/store/versioned-refs.js";
import { getOk, type FixturesPage } from "../support/fixtures-api.js";
import { useCatalogEnv } from "../support/catalog-env.js";
import { FORM, LIVE, PAGING_DAY } from "../support/fixtures-catalog.js";
import { readOneFixtureVersioned } from "../../src/store/fixture-reads.js";
import type { FixtureDocument } from "../../src/domain/fixture/fixture-document.js";

/**
 * Fixture lists read ids and versions first and only the documents whose presented JSON is
 * not kept (src/reading/list-read.ts, src/reading/fixtures-page.ts): the answers
 * must be the ones a read of whole documents gives, whatever is kept.
 */
const testEnv = useCatalogEnv();

const PATHS = [
  `/fixtures?fixture_id=${FORM.target},${FORM.first},${LIVE.first}&include=last_fixtures,trends,odds,statistics`,
  `/fixtures?date=${PAGING_DAY.date}&include=odds,statistics,metrics&per_page=2`,
  `/fixtures?date=${PAGING_DAY.date}&include=statistics&order=desc&language=de`,
  "/livescores?include=odds,statistics,metrics",
  "/fixtures/search?window=live&include=odds,metrics",
];

async function answer(path: string): Promise<{ body: string; cacheControl: string | null }> {
  const response = await testEnv().get(path);
  expect(response.status, path).toBe(200);
  return { body: await response.text(), cacheControl: response.headers.get("cache-control") };
}

describe("fixture lists through the presented-JSON cache", () => {
  it("answer what a read of whole documents answers, with nothing kept and with everything kept", async () => {
    const env = testEnv();
    env.deps.fixtureJsonCache = new FixtureJsonCache(0);
    const expected = await Promise.all(PATHS.map(answer));
    expect(expected.every(({ body }) => (JSON.parse(body) as FixturesPage).fixtures.length > 0)).toBe(true);
    env.deps.fixtureJsonCache = new FixtureJsonCache(8 * 1024 * 1024);
    // The first read finds nothing kept, the later ones everything; pages by id, livescores and
    // search read in two steps, pages by date in one (src/reading/fixtures-page.ts).
    for (const [i, path] of PATHS.entries()) {
      for (const read of ["first", "second", "third", "fourth"]) expect(await answer(path), `${path}, ${read}`).toEqual(expected[i]);
    }
  });

  it("read again a fixture written after its JSON was kept", async () => {
    const env = testEnv();
    const path = `/fixtures?fixture_id=${FORM.target}`;
    const before = (await getOk<FixturesPage>(env, path)).fixtures[0]!;
    // Written where it is (a past season's fixture is in history).
    const { index, stored: { doc: stored } } = (await readOneFixtureVersioned<FixtureDocument>(env.es, env.deps.indices, String(FORM.target)))!;
    const updatedAt = new Date(Date.parse(stored.updated_at) + 60_000).toISOString();
    await env.es.index({ index, id: String(FORM.target), document: { ...stored, updated_at: updatedAt }, refresh: true });
    const after = (await getOk<FixturesPage>(env, path)).fixtures[0]!;
    expect(before.updated_at).not.toBe(updatedAt);
    expect(after.updated_at).toBe(updatedAt);
  });

  it("give up the two-step read when a document changed between the search and the read", async () => {
    const env = testEnv();
    const request = buildFixturesSearch({
      index: env.deps.indices.fixtures_all,
      selection: { sportId: 1, fixtureIds: [FORM.first] },
      order: "asc",
      window: pageWindow(1, 25),
      includes: new Set(["statistics"]),
    });
    const source = sourceFilterOf(request)!;
    const refs = (await searchRefs(env.es, request))!;
    expect(refs.map((ref) => ref.id)).toEqual([String(FORM.first)]);
    const read = (await readRefs(env.es, refs.map((ref) => ({ ref, source }))))!;
    expect(read.map((fixture) => [fixture.doc.id, fixture.version])).toEqual([[FORM.first, refs[0]!.version]]);
    expect(read[0]!.doc).not.toHaveProperty("odds");

    const { index, stored: { doc: stored } } = (await readOneFixtureVersioned<FixtureDocument>(env.es, env.deps.indices, String(FORM.first)))!;
    await env.es.index({ index, id: String(FORM.first), document: stored, refresh: true });
    expect(await readRefs(env.es, refs.map((ref) => ({ ref, source })))).toBeNull();
  });
});
