import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { FixtureDocument } from "../../src/domain/fixture/fixture-document.js";
import { buildDataSet } from "../../src/ingest/data-set.js";
import type { IndexedDocument } from "../../src/domain/indexed-document.js";
import { currentVersion } from "../../src/store/index-versions.js";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

const realData = inject("realData");
let env: TestEnv;

beforeAll(async () => {
  if (realData) env = await startTestEnv({}, { dataPrefix: realData.prefix });
});
afterAll(async () => {
  await env?.close();
});

describe.skipIf(!realData)("a rebuild from the real data", () => {
  it("imports all 21,104 real matches besides the simulated current season", async () => {
    const real = await env.es.count({
      index: env.deps.indices.fixtures_all,
      query: { bool: { must_not: { term: { "season.is_current": true } } } },
    });
    const counts = realData!.report.counts;
    expect(counts.leagues).toBe(34);
    expect(counts.countries).toBe(43);
    expect(counts.teams).toBe(681);
    // 64 real seasons plus one simulated current season per domestic level-1 league (23).
    expect(counts.seasons).toBe(87);
    // The live part and settled history together (docs/scaling.md, "Live part and history").
    const fixtures = counts.fixtures + counts.fixtures_history;
    expect(counts.fixtures_history).toBeGreaterThan(0);
    expect(fixtures).toBeGreaterThan(21_104);
    const simulated = await env.es.count({
      index: env.deps.indices.fixtures_all,
      query: { term: { "season.is_current": true } },
    });
    expect(real.count + simulated.count).toBe(fixtures);
  });

  it("makes Aston Villa of the Premier League and of the Champions League one team", async () => {
    const response = await env.es.search<FixtureDocument>({
      index: env.deps.indices.fixtures_all,
      size: 200,
      _source: ["league.code", "participants"],
      query: { term: { "participants.name": "Aston Villa FC" } },
    });
    const byLeague = new Map<string, Set<number>>();
    for (const hit of response.hits.hits) {
      const doc = hit._source!;
      const villa = doc.participants.find((p) => p.name === "Aston Villa FC")!;
      const set = byLeague.get(doc.league.code) ?? new Set<number>();
      set.add(villa.id);
      byLeague.set(doc.league.code, set);
    }
    expect([...byLeague.keys()]).toEqual(expect.arrayContaining(["en.1", "uefa.cl"]));
    const ids = new Set([...byLeague.values()].flatMap((set) => [...set]));
    expect(ids.size).toBe(1);
  });

  it("builds the same ids and documents for the real data again, whatever the moment", async () => {
    const first = await firstDocuments(new Date(realData!.now), 1500);
    const later = await firstDocuments(new Date(Date.parse(realData!.now) + 3 * 3600_000), 1500);
    expect(later.map((d) => d.id)).toEqual(first.map((d) => d.id));
    const strip = (doc: IndexedDocument) => ({ ...(doc.doc as FixtureDocument), updated_at: "" });
    expect(later.map(strip)).toEqual(first.map(strip));
  });

  it("stops at a malformed source file, naming the file and line, and leaves the aliases untouched", async () => {
    const dir = mkdtempSync(join(tmpdir(), "openfootball-"));
    try {
      for (const part of ["clubs", "leagues", "football.json"]) cpSync(join(realData!.dir, part), join(dir, part), { recursive: true });
      const file = join(dir, "football.json", "2024-25", "en.1.json");
      const broken = readFileSync(file, "utf8").replace('"team1"', '"teamOne"');
      writeFileSync(file, broken);
      const before = await currentVersion(env.es, env.deps.indices);
      const result = await promisify(execFile)("node_modules/.bin/tsx", ["scripts/rebuild.ts", "--dir", dir], {
        env: { ...process.env, INDEX_PREFIX: realData!.prefix },
      }).then(
        () => ({ code: 0, stderr: "" }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      );
      expect(result.code).toBe(1);
      // file:line: what, as compilers print it.
      expect(result.stderr).toMatch(/2024-25\/en\.1\.json:\d+: match 0: team1/);
      expect(await currentVersion(env.es, env.deps.indices)).toBe(before);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** The first `count` fixture documents (the earliest, all real) of a fresh build as of `now`. */
async function firstDocuments(now: Date, count: number): Promise<IndexedDocument[]> {
  const { dataSet } = await buildDataSet({ source: "openfootball", dir: realData!.dir }, now);
  const documents: IndexedDocument[] = [];
  for (const document of dataSet.fixtures.documents() as Iterable<IndexedDocument>) {
    documents.push(document);
    if (documents.length === count) break;
  }
  return documents;
}
