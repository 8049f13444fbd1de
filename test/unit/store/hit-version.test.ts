import { describe, expect, it } from "vitest";
import { hitVersion, VERSIONED_HITS, versionedFixtures } from "../../../src/store/hit-version.js";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";

describe("hitVersion", () => {
  it("needs the index, id, seq_no and primary term of a hit", () => {
    expect(hitVersion({ _index: "i", _id: "5", _seq_no: 3, _primary_term: 1 })).toBe("i/5/3/1");
    expect(hitVersion({ _index: "i", _id: "5" })).toBeNull();
  });
});

describe("VERSIONED_HITS", () => {
  it("asks a search for the seq_no and primary term hitVersion needs", () => {
    expect(VERSIONED_HITS).toEqual({ seq_no_primary_term: true });
  });
});

describe("versionedFixtures", () => {
  it("pairs each hit's document with its version and skips hits without a source", () => {
    const doc = { id: 5 } as FixtureDocument;
    expect(
      versionedFixtures([
        { _index: "i", _id: "5", _seq_no: 3, _primary_term: 1, _source: doc },
        { _index: "i", _id: "6", _seq_no: 4, _primary_term: 1 },
        { _index: "i", _id: "7", _source: doc },
      ]),
    ).toEqual([
      { doc, version: "i/5/3/1" },
      { doc, version: null },
    ]);
  });
});
