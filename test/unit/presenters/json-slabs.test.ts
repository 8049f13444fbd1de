import { describe, expect, it } from "vitest";
import { JsonSlabs } from "../../../src/presenters/json-slabs.js";

const text = (n: number, fill = "a") => `"${fill.repeat(n - 2)}"`;

describe("JsonSlabs", () => {
  it("keeps the UTF-8 bytes Buffer.from gives, multi-byte characters included", () => {
    const slabs = new JsonSlabs(1024);
    for (const json of ['{"name":"Bayern München"}', '"Ελλάδα"', '"🙂"', "[]", "", '"\uD800"', '"a\uDBFF"', '"\uDC00\uD800"']) {
      expect(slabs.store(json).equals(Buffer.from(json)), json).toBe(true);
    }
  });

  it("writes entries one after the other into one slab, then starts another when it is full", () => {
    const slabs = new JsonSlabs(1024);
    const first = slabs.store(text(200));
    const second = slabs.store(text(200, "b"));
    expect(second.buffer).toBe(first.buffer);
    expect(second.byteOffset).toBe(first.byteOffset + 200);
    expect(first.toString()).toBe(text(200));
    slabs.store(text(200));
    slabs.store(text(200));
    expect(slabs.store(text(220)).buffer).toBe(first.buffer);
    const overflowing = slabs.store(text(10));
    expect(overflowing.buffer).not.toBe(first.buffer);
    expect(overflowing.byteOffset).toBe(0);
    // What a later write put in the slab never changes an earlier entry.
    expect(second.toString()).toBe(text(200, "b"));
  });

  it("measures an entry that may not fit what is left of the slab, and keeps it there when it does", () => {
    const slabs = new JsonSlabs(1024);
    const first = slabs.store(text(200));
    for (const n of [200, 200, 200, 100]) slabs.store(text(n));
    // 124 bytes left; 42 units could take 126, but these are 82 bytes.
    const greek = `"${"λ".repeat(40)}"`;
    const kept = slabs.store(greek);
    expect(kept.buffer).toBe(first.buffer);
    expect(kept.byteOffset).toBe(first.byteOffset + 900);
    expect(kept.equals(Buffer.from(greek))).toBe(true);
    // 42 bytes left: 50 do not fit.
    expect(slabs.store(text(50)).buffer).not.toBe(first.buffer);
  });

  it("gives an entry larger than a quarter slab a buffer of its own", () => {
    const slabs = new JsonSlabs(1024);
    const small = slabs.store(text(100));
    const large = slabs.store(text(300));
    expect(large.buffer).not.toBe(small.buffer);
    expect(large.toString()).toBe(text(300));
    expect(slabs.stranded(large)).toBe(false);
  });

  it("finds an entry stranded once its full slab is more than half released, and copies it into the current one", () => {
    const slabs = new JsonSlabs(1024);
    const old = [0, 1, 2, 3, 4].map((i) => slabs.store(text(200, String(i))));
    const current = slabs.store(text(200, "c"));
    expect(current.buffer).not.toBe(old[0]!.buffer);
    expect(slabs.stranded(old[0]!)).toBe(false);
    slabs.release(old[1]!);
    slabs.release(old[2]!);
    expect(slabs.stranded(old[0]!)).toBe(false);
    slabs.release(old[3]!);
    expect(slabs.stranded(old[0]!)).toBe(true);
    const moved = slabs.copy(old[0]!);
    expect(moved.buffer).toBe(current.buffer);
    expect(moved.equals(old[0]!)).toBe(true);
    // The slab being filled is never stranded, however much of it is released.
    slabs.release(current);
    expect(slabs.stranded(moved)).toBe(false);
  });
});
