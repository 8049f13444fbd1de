import { describe, expect, it } from "vitest";
import type { FixtureDocument } from "../../../src/domain/fixture/fixture-document.js";
import { keptOrRead } from "../../../src/reading/kept-or-read.js";
import { presentableAtOnce } from "../../../src/reading/lists-at-once.js";
import type { PresentableFixture } from "../../../src/reading/presentable-fixture.js";

const doc = (id: number) => ({ id }) as unknown as FixtureDocument;

describe("keptOrRead", () => {
  it("reads only what is not kept, in one read, and answers in the order wanted", async () => {
    const reads: number[][] = [];
    const found = await keptOrRead(
      [1, 2, 3],
      (id) => (id === 2 ? { version: "v2", json: Buffer.from("{}") } : undefined),
      async (missing) => {
        reads.push(missing);
        return missing.map((id) => ({ version: `v${id}`, doc: doc(id) }));
      },
    );
    expect(reads).toEqual([[1, 3]]);
    expect(found?.map((fixture) => fixture?.version)).toEqual(["v1", "v2", "v3"]);
  });

  it("reads nothing when every one is kept, and gives up when the read cannot be trusted", async () => {
    const kept = (id: number): PresentableFixture => ({ version: `v${id}`, json: Buffer.from("{}") });
    expect(await keptOrRead([1], kept, () => Promise.reject(new Error("no read expected")))).toHaveLength(1);
    expect(await keptOrRead([1], () => undefined, async () => null)).toBeNull();
  });
});

describe("presentableAtOnce", () => {
  it("reads a fixture missed by several lists once, with the lists that miss it, and leaves out one that is gone", async () => {
    const lists = new Map([
      ["a", [1, 2]],
      ["b", [2, 3, 4]],
    ]);
    const reads: Array<{ ids: number[]; lists: string[] }> = [];
    const out = await presentableAtOnce(
      lists,
      (_list, id) => `v${id}`,
      (list, version) => (list === "a" && version === "v1" ? Buffer.from('{"id":1}') : undefined),
      async (ids, missing) => {
        reads.push({ ids, lists: missing });
        return new Map(ids.filter((id) => id !== 4).map((id) => [id, { version: `v${id}`, doc: doc(id) }]));
      },
    );
    expect(reads).toEqual([{ ids: [2, 3, 4], lists: ["a", "b"] }]);
    expect([...out.get("a")!.keys()]).toEqual([1, 2]);
    expect("json" in out.get("a")!.get(1)!).toBe(true);
    expect([...out.get("b")!.keys()]).toEqual([2, 3]);
  });
});
