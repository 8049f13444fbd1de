import { describe, expect, it } from "vitest";
import { KeptShare } from "../../../src/presenters/kept-share.js";

describe("KeptShare", () => {
  it("pays for a kind not seen yet, stops paying once reads find little kept, and pays again when they find more", () => {
    const share = new KeptShare(0.25, 0.5);
    expect(share.pays("fixtures|statistics")).toBe(true);
    share.note("fixtures|statistics", 0, 25);
    expect(share.pays("fixtures|statistics")).toBe(false);
    expect(share.pays("livescores|")).toBe(true);
    share.note("fixtures|statistics", 25, 25);
    expect(share.pays("fixtures|statistics")).toBe(true);
    share.note("fixtures|statistics", 0, 25);
    share.note("fixtures|statistics", 0, 25);
    expect(share.pays("fixtures|statistics")).toBe(false);
  });

  it("ignores empty reads and forgets every kind rather than grow past its bound", () => {
    const share = new KeptShare(0.25, 0.5, 2);
    share.note("a", 0, 0);
    expect(share.pays("a")).toBe(true);
    share.note("a", 0, 10);
    share.note("b", 0, 10);
    expect([share.pays("a"), share.pays("b")]).toEqual([false, false]);
    share.note("c", 0, 10);
    expect([share.pays("a"), share.pays("b"), share.pays("c")]).toEqual([true, true, false]);
  });
});
