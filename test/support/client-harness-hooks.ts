import { afterAll, beforeAll } from "vitest";
import { startClientHarness, type ClientHarness } from "./client-harness.js";

/** A test file's own client harness, started before its tests and closed after them; call the result inside a test. */
export function useClientHarness(): () => ClientHarness {
  let harness: ClientHarness | undefined;
  beforeAll(async () => {
    harness = await startClientHarness();
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });
  return () => {
    if (!harness) throw new Error("the client harness is not started (call useClientHarness at the top of the file)");
    return harness;
  };
}
