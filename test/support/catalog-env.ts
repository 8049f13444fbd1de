import { afterAll, beforeAll } from "vitest";
import type { Catalog } from "../../src/domain/catalog.js";
import { FIXTURES_NOW, fixturesCatalog } from "./fixtures-catalog.js";
import { loadCatalog } from "./mini-catalog.js";
import { startTestEnv, type TestEnv } from "./test-env.js";

/**
 * A test file's own service on `catalog` loaded at `now` (the fixtures catalog by default),
 * started before its tests and closed after them; call the result inside a test.
 */
export function useCatalogEnv(catalog: () => Catalog = fixturesCatalog, now: Date = FIXTURES_NOW): () => TestEnv {
  let env: TestEnv | undefined;
  beforeAll(async () => {
    env = await startTestEnv();
    await loadCatalog(env, catalog(), now);
  });
  afterAll(async () => {
    await env?.close();
  });
  return () => {
    if (!env) throw new Error("the test environment is not started (call useCatalogEnv at the top of the file)");
    return env;
  };
}
