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
      { startsAt: "2024-02-01T00:00:00.000Z", endsBy: "2024-03-01T00:00:00.000Z", matches: () => [match(5, "2024-02-10T10:00:00.000Z", 2), match(3, "2024-02-02T10:00:00.000Z", 2)] },
      { startsAt: "2023-12-30T00:00:00.000Z", endsBy: "2024-06-01T00:00:00.000Z", matches: () => [match(7, "2024-01-01T10:00:00.000Z", 3), match(2, "2024-05-01T10:00:00.000Z", 3)] },
    ];
    expect([...mergeSeasons(ready, lazy)].map((m) => m.id)).toEqual([1, 7, 3, 5, 9, 2]);
  });

  it("makes a lazy season only when the merge reaches its start", () => {
    const made: string[] = [];
    const lazy = ["2024-01-01", "2025-01-01"].map((day, index) => ({
      startsAt: `${day}T00:00:00.000Z`,
      endsBy: `${day}T23:00:00.000Z`,
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
    const lazy = [{ startsAt: "2024-02-01T00:00:00.000Z", endsBy: "2024-03-01T00:00:00.000Z", matches: () => [match(2, "2024-01-15T00:00:00.000Z")] }];
    expect(() => [...mergeSeasons([match(1, "2024-01-20T00:00:00.000Z")], lazy)]).toThrow(/out of order at fixture 2/);
  });

  it("fails loudly when a lazy season has a match at or after its endsBy", () => {
    const lazy = [{ startsAt: "2024-02-01T00:00:00.000Z", endsBy: "2024-03-01T00:00:00.000Z", matches: () => [match(2, "2024-03-01T00:00:00.000Z")] }];
    expect(() => [...mergeSeasons([], lazy)]).toThrow(/out of bounds at fixture 2/);
  });

  it("started at an instant, reads what a resumed walk reads and never makes a season that ended before it", () => {
    const made: string[] = [];
    const season = (day: string, ids: number[], endsBy: string) => ({
      startsAt: `${day}T00:00:00.000Z`,
      endsBy,
      matches: () => {
        made.push(day);
        return ids.map((id, i) => match(id, `${day}T1${i}:00:00.000Z`, id));
      },
    });
    const lazy = [season("2024-01-01", [1, 2], "2024-01-02T00:00:00.000Z"), season("2024-02-01", [3, 4, 5], "2024-02-02T00:00:00.000Z")];
    const ready = [match(10, "2024-01-15T10:00:00.000Z"), match(11, "2024-02-01T11:30:00.000Z")];
    const from = { instant: "2024-02-01T11:00:00.000Z", before: new Set([10, 3]) };
    const whole = [...mergeSeasons(ready, lazy)];
    made.length = 0;
    // 3 (before the instant, asked for), 10 (ready, asked for), 4 (at the instant), 11, 5; 1 and 2's season never made.
    expect([...mergeSeasons(ready, lazy, from)].map((m) => m.id)).toEqual(whole.filter((m) => m.date_time >= from.instant || from.before.has(m.id)).map((m) => m.id));
    expect([...mergeSeasons(ready, lazy, from)].map((m) => m.id)).toEqual([10, 3, 4, 11, 5]);
    expect(made).toEqual(["2024-02-01", "2024-02-01"]);
  });
});
