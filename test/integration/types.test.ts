import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

type TypeItem = { type_id: number; developer_name: string; name: string; developer_type: string };

describe("GET /types", () => {
  it("lists every group with its fixed type ids", async () => {
    const response = await env.get("/types");
    expect(response.status).toBe(200);
    const { types } = (await response.json()) as { types: TypeItem[] };
    const find = (developer_type: string, developer_name: string) =>
      types.find((t) => t.developer_type === developer_type && t.developer_name === developer_name)?.type_id;
    expect(find("league_average", "HOME_GOALS_SCORED")).toBe(303);
    expect(find("league_average", "HT_OVERALL_DANGEROUS_ATTACKS_SCORED")).toBe(344);
    expect(find("predictions", "PREDICTION_GL_CONFIDENCE")).toBe(105);
    expect(find("statistics", "CORNERS")).toBe(34);
    expect(find("trends", "CORNERS")).toBe(13);
    expect(find("trends", "PRESSURE_INDEX")).toBe(118);
    expect(find("standings", "OVERALL_MATCHES_PLAYED")).toBe(1);
    expect(find("standings", "OVERALL_WON")).toBe(2);
    expect(Object.keys(types[0]!).sort()).toEqual(["developer_name", "developer_type", "name", "type_id"]);
  });

  it("filters by developer_type", async () => {
    const response = await env.get("/types?developer_type=league_average");
    const { types } = (await response.json()) as { types: TypeItem[] };
    expect(types).toHaveLength(42);
    expect(new Set(types.map((t) => t.developer_type))).toEqual(new Set(["league_average"]));
  });

  it("returns 400 listing the groups for an unknown developer_type", async () => {
    const response = await env.get("/types?developer_type=bogus");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error:
        "Unsupported developer_type(s): bogus. Supported: league_average, predictions, smart_money, statistics, trends, standings",
    });
  });

  it("returns 400 for a repeated developer_type and for a bad language", async () => {
    const repeated = await env.get("/types?developer_type=trends&developer_type=statistics");
    expect(repeated.status).toBe(400);
    expect(await repeated.json()).toEqual({ error: "developer_type must be given only once" });
    const language = await env.get("/types?language=xx");
    expect(language.status).toBe(400);
    expect(((await language.json()) as { error: string }).error).toMatch(/^language must be a two-letter/);
    const mismatch = await env.get("/types?language=de&lang=fr");
    expect(mismatch.status).toBe(400);
  });
});
