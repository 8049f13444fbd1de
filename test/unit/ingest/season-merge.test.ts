import { describe, expect, it } from "vitest";
import type { CatalogMatch } from "../../../src/domain/catalog.js";
import { mergeSeasons } from "../../../src/ingest/synthetic/season-merge.js";

function match(id: number, date_time: string, season_id = 1): CatalogMatch {
  return {
    id,
    season_id,
    league_id: 1,
    stage: null,
    group: null,
    round: "1",
    date_time,
    status: "FT",
    home_team_id: 1,
    away_team_id: 2,
    knockout: false,
  };
}

describe("mergeSeasons", () => {
  it("yields the ready matches and every lazy season's in kick-off order, then id", () => {
    const ready = [match(1, "2024-01-01T10:00:00.000Z"), match(9, "2024-03-01T10:00:00.000Z")];
    const lazy = [
      { startsAt: "2024-02-01T00:00:00.000Z", matches: () => [match(5, "2024-02-10T10:00:00.000Z", 2), match(3, "2024-02-02T10:00:00.000Z", 2)] },
      { startsAt: "2023-12-30T00:00:00.000Z", matches: () => [match(7, "2024-01-01T10:00:00.000Z", 3), match(2, "2024-05-01T10:00:00.000Z", 3)] },
    ];
    expect([...mergeSeasons(ready, lazy)].map((m) => m.id)).toEqual([1, 7, 3, 5, 9, 2]);
  });

  it("makes a lazy season only when the merge reaches its start", () => {
    const made: string[] = [];
    const lazy = ["2024-01-01", "2025-01-01"].map((day, index) => ({
      startsAt: `${day}T00:00:00.000Z`,
      matches: () => {
        made.push(day);
        return [match(index + 1, `${day}T12:00:00.000Z`)];
      },
    }));
    const walk = mergeSeasons([], lazy);
    expect(walk.next().value?.id).toBe(1);
    expect(made).toEqual(["2024-01-01"]);
    expect(walk.next().value?.id).toBe(2);
    expect(made).toEqual(["2024-01-01", "2025-01-01"]);
  });

  it("fails loudly when a lazy season has a match before its start", () => {
    const lazy = [{ startsAt: "2024-02-01T00:00:00.000Z", matches: () => [match(2, "2024-01-15T00:00:00.000Z")] }];
    expect(() => [...mergeSeasons([match(1, "2024-01-20T00:00:00.000Z")], lazy)]).toThrow(/out of order at fixture 2/);
  });
});
