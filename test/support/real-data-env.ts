import { afterAll, beforeAll, inject } from "vitest";
import { startTestEnv, type TestEnv } from "./test-env.js";

/**
 * The real-data suite's service over its one shared rebuild (test/setup/real-data.ts): started
 * before the file's tests when the data is there, closed after them. `env()` is only called in
 * tests that the file skips without the data.
 */
export function useRealDataEnv(): { realData: ReturnType<typeof inject<"realData">>; env: () => TestEnv } {
  const realData = inject("realData");
  let env: TestEnv | undefined;
  beforeAll(async () => {
    if (realData) env = await startTestEnv({}, { dataPrefix: realData.prefix });
  });
  afterAll(async () => {
    await env?.close();
  });
  return { realData, env: () => env! };
}
