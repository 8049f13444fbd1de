import { describe, expect, it } from "vitest";
import { presentStandingRow } from "../../../src/routes/standings/presenter.js";
import { StandingsListSchema } from "../../../src/routes/standings/schema.js";
import type { StandingRow } from "../../../src/domain/standings/compute.js";

const row: StandingRow = {
  season: { id: 1, name: "2024/2025" },
  stage: null,
  group: { id: 4, name: "Group A" },
  position: 2,
  team: { id: 16, name: "1. FC Köln" },
  points: 7,
  result: null,
  statistics: [{ team_id: 16, type_id: 1, developer_name: "OVERALL_MATCHES_PLAYED", value: 3 }],
};

describe("presentStandingRow", () => {
  it("lists exactly the Standing row fields in order and localizes only the team name", () => {
    const view = presentStandingRow({ row, team_names: { en: "ignored", de: "1. FC Koeln" } as Record<string, string> }, "de");
    expect(Object.keys(view)).toEqual(["season", "stage", "group", "position", "team", "points", "result", "statistics"]);
    expect(view.team).toEqual({ id: 16, name: "1. FC Koeln" });
    expect(view.position).toBe(2);
  });

  it("falls back to the English name", () => {
    expect(presentStandingRow({ row, team_names: {} }, "fr").team.name).toBe("1. FC Köln");
  });

  it("never passes on a stored field the table does not list", () => {
    const stored = { ...row, internal: 1, team: { ...row.team, secret: true } } as unknown as StandingRow;
    const view = presentStandingRow({ row: stored, team_names: {} }, "en");
    expect(JSON.stringify(view)).not.toMatch(/internal|secret/);
  });
});

describe("StandingsListSchema", () => {
  const parse = (query: Record<string, string>) => StandingsListSchema.safeParse(query);
  it.each<Record<string, string>>([{}, { season_id: "" }, { season_id: "abc" }, { season_id: "0" }, { season_id: "-3" }, { season_id: "1.5" }, { season_id: "1e3" }])(
    "rejects %o with the one season_id text",
    (query) => {
      const result = parse(query);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("season_id must be a positive integer");
    },
  );

  it("accepts a positive integer", () => {
    expect(parse({ season_id: "241161143062934" }).data?.season_id).toBe(241161143062934);
  });
});
