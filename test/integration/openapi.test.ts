import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestEnv, type TestEnv } from "../support/test-env.js";

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(async () => {
  await env?.close();
});

describe("GET /openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, served without a key", async () => {
    const response = await env.get("/openapi.json", { key: null });
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every API route the app serves", async () => {
    const document = (await (await env.get("/openapi.json", { key: null })).json()) as {
      paths: Record<string, { get?: { parameters?: Array<{ name: string }> } }>;
    };
    for (const path of ["/types", "/health", "/ready"]) expect(document.paths[path]?.get, path).toBeDefined();
    const typesParameters = document.paths["/types"]?.get?.parameters?.map((p) => p.name);
    expect(typesParameters).toEqual(expect.arrayContaining(["developer_type", "language", "lang"]));
  });
});
