import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiTypes, TYPES_FILE } from "../../../scripts/clients/openapi-types.js";
import { OPENAPI_FILE } from "../../../scripts/clients/python-models.js";
import { PROJECT_ROOT } from "../../../src/paths.js";
import { startTestEnv, type TestEnv } from "../../../test/support/test-env.js";

/**
 * The clients' generated files must be what the served /openapi.json generates today: a route
 * whose schema changed without `npm run clients:generate` fails here, not in a user's hands.
 */
let env: TestEnv;
let served: object;

beforeAll(async () => {
  env = await startTestEnv();
  served = (await (await env.get("/openapi.json", { key: null })).json()) as object;
});
afterAll(async () => {
  await env?.close();
});

describe("the clients' generated files", () => {
  it("hold the served OpenAPI document (the Python generator's input)", async () => {
    expect(JSON.parse(await readFile(join(PROJECT_ROOT, OPENAPI_FILE), "utf8"))).toEqual(served);
  });

  it("hold the TypeScript types the served document generates (run npm run clients:generate when this fails)", async () => {
    const committed = await readFile(join(PROJECT_ROOT, TYPES_FILE), "utf8");
    expect(committed === (await openApiTypes(served)), `${TYPES_FILE} is stale: run npm run clients:generate`).toBe(true);
  });
});
