import { describe, expect, it } from "vitest";
import { seasonShares } from "../../../src/ingest/fixture-workers/season-shares.js";

describe("seasonShares", () => {
  it("gives every season to one share, the largest first to the lightest share", () => {
    const counts = new Map([[1, 380], [2, 380], [3, 306], [4, 90], [5, 90], [6, 12]]);
    const shares = seasonShares(counts, 2);
    expect(shares).toEqual([[1, 3], [2, 4, 5, 6]]);
    const fixtures = shares.map((share) => share.reduce((sum, id) => sum + counts.get(id)!, 0));
    expect(fixtures).toEqual([686, 572]);
  });

  it("is the same for the same counts in any order, and one share holds everything", () => {
    const counts = [[7, 10], [3, 10], [5, 4], [9, 1]] as const;
    expect(seasonShares(new Map(counts), 3)).toEqual(seasonShares(new Map([...counts].reverse()), 3));
    expect(seasonShares(new Map(counts), 1)).toEqual([[3, 5, 7, 9]]);
  });

  it("leaves a share empty when there are fewer seasons than workers, and refuses no workers", () => {
    expect(seasonShares(new Map([[1, 5]]), 3)).toEqual([[1], [], []]);
    expect(() => seasonShares(new Map([[1, 5]]), 0)).toThrow(/workers must be a whole number from 1/);
  });
});
