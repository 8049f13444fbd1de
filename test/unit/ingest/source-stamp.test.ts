import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { shareDocuments, type FixtureShare } from "../../../src/ingest/fixture-workers/fixture-share.js";
import { sourceStamp } from "../../../src/ingest/sources/load-source.js";

const dir = mkdtempSync(join(tmpdir(), "openfootball-stamp-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("sourceStamp: whether a second read of a source gives the same catalogue", () => {
  mkdirSync(join(dir, "football.json", "2025-26"), { recursive: true });
  const file = join(dir, "football.json", "2025-26", "en.1.json");
  writeFileSync(file, '{"matches":[]}');
  const source = { source: "openfootball", dir } as const;

  it("is the same while no file changes, and another when one is written, added or touched", () => {
    const first = sourceStamp(source);
    expect(sourceStamp(source)).toBe(first);
    writeFileSync(file, '{"matches":[1]}');
    const written = sourceStamp(source);
    expect(written).not.toBe(first);
    writeFileSync(join(dir, "football.json", "2025-26", "de.1.json"), "{}");
    const added = sourceStamp(source);
    expect(added).not.toBe(written);
    utimesSync(file, new Date("2020-01-01T00:00:00Z"), new Date("2020-01-01T00:00:00Z"));
    expect(sourceStamp(source)).not.toBe(added);
  });

  it("is one for the synthetic set, which the code makes from its options", () => {
    expect(sourceStamp({ source: "synthetic", leagues: 3 })).toBe(sourceStamp({ source: "synthetic" }));
  });

  it("stops a fixture worker whose source is no longer what the rebuild read", () => {
    const share: FixtureShare = { source, stamp: "what it was", now: "2026-11-25T12:00:00.000Z", outline: { seasons: new Map(), leagueIdsByTeam: new Map(), fixtureCount: 0, inPlay: 0 }, own: [1], positions: [], kept: [], resume: null, take: { instant: "2026-11-25T12:00:00.000Z", kept: [] } };
    expect(() => shareDocuments(share)).toThrow(/The source changed since the rebuild read it/);
  });
});
