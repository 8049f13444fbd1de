import { describe, expect, it } from "vitest";
import { DEVELOPER_TYPES, METRIC_GROUPS } from "../../../../src/domain/types/developer-types.js";
import { ALL_TYPES, FILTERABLE_TYPES, typesOf } from "../../../../src/domain/types/types.js";

describe("the types catalogue", () => {
  it("keeps type ids unique within each developer_type", () => {
    for (const group of DEVELOPER_TYPES) {
      const ids = typesOf(group).map((type) => type.type_id);
      expect(new Set(ids).size, group).toBe(ids.length);
      expect(ids.length, group).toBeGreaterThan(0);
    }
  });

  it("keeps developer names unique across statistics and metric groups, so where/order resolve one type", () => {
    const filterable = ALL_TYPES.filter(
      (type) => type.developer_type === "statistics" || (METRIC_GROUPS as readonly string[]).includes(type.developer_type),
    );
    expect(FILTERABLE_TYPES.size).toBe(filterable.length);
  });

  it("numbers the league averages with their fixed ids (303-344)", () => {
    const byName = new Map(typesOf("league_average").map((type) => [type.developer_name, type.type_id]));
    expect(byName.size).toBe(42);
    expect(byName.get("HOME_GOALS_SCORED")).toBe(303);
    expect(byName.get("OVERALL_GOALS_SCORED")).toBe(305);
    expect(byName.get("AWAY_CORNERS_SCORED")).toBe(307);
    expect(byName.get("OVERALL_YELLOWCARDS_SCORED")).toBe(311);
    expect(byName.get("HOME_DANGEROUS_ATTACKS_SCORED")).toBe(312);
    expect(byName.get("OVERALL_ATTACKS_SCORED")).toBe(317);
    expect(byName.get("HOME_SHOTS_ON_TARGET_SCORED")).toBe(318);
    expect(byName.get("OVERALL_SHOTS_OFF_TARGET_SCORED")).toBe(323);
    expect(byName.get("HT_HOME_GOALS_SCORED")).toBe(324);
    expect(byName.get("HT_OVERALL_CORNERS_SCORED")).toBe(329);
    expect(byName.get("HT_AWAY_YELLOWCARDS_SCORED")).toBe(331);
    expect(byName.get("HT_HOME_ATTACKS_SCORED")).toBe(333);
    expect(byName.get("HT_OVERALL_SHOTS_ON_TARGET_SCORED")).toBe(338);
    expect(byName.get("HT_HOME_SHOTS_OFF_TARGET_SCORED")).toBe(339);
    expect(byName.get("HT_HOME_DANGEROUS_ATTACKS_SCORED")).toBe(342);
    expect(byName.get("HT_OVERALL_DANGEROUS_ATTACKS_SCORED")).toBe(344);
    expect([...byName.values()].sort((a, b) => a - b)).toEqual(Array.from({ length: 42 }, (_, i) => 303 + i));
  });

  it("has the 18 default trend types of the description", () => {
    const trends = typesOf("trends").map((type) => `${type.type_id}:${type.developer_name}`);
    expect(trends).toHaveLength(18);
    for (const expected of ["15:GOALS", "13:CORNERS", "25:BALL_POSSESSION", "117:EXPECTED_GOALS", "118:PRESSURE_INDEX"]) {
      expect(trends).toContain(expected);
    }
  });

  it("resolves where/order names among statistics and metrics, never trends", () => {
    expect(FILTERABLE_TYPES.get("CORNERS")?.type_id).toBe(34);
    expect(FILTERABLE_TYPES.get("PREDICTION_GL_CONFIDENCE")?.type_id).toBe(105);
    expect(FILTERABLE_TYPES.has("TEAM_GOALS_CLASSIFICATION")).toBe(true);
    expect(FILTERABLE_TYPES.has("HOME_GOALS_ATTACK_POWER")).toBe(true);
    expect(FILTERABLE_TYPES.has("PRESSURE_INDEX")).toBe(false);
    expect(FILTERABLE_TYPES.has("OVERALL_MATCHES_PLAYED")).toBe(false);
  });

  it("lists the windowed statistics NAME_LAST_5/10/15 among statistics, usable in where and order", () => {
    const names = ["GOALS", "CORNERS", "SHOTS_ON_TARGET", "SHOTS_TOTAL", "DANGEROUS_ATTACKS", "ATTACKS", "EXPECTED_GOALS"];
    for (const name of names) {
      for (const window of [5, 10, 15]) {
        const type = FILTERABLE_TYPES.get(`${name}_LAST_${window}`);
        expect(type?.developer_type, `${name}_LAST_${window}`).toBe("statistics");
      }
    }
    expect(FILTERABLE_TYPES.get("CORNERS_LAST_10")?.type_id).toBe(6110);
    expect(FILTERABLE_TYPES.get("EXPECTED_GOALS_LAST_15")?.type_id).toBe(6615);
  });
});

