import { describe, expect, it } from "vitest";
import { DEFAULT_ADMISSION, loadConfig } from "../../src/config.js";

describe("loadConfig: admission control", () => {
  it("applies the documented defaults", () => {
    expect(loadConfig({}).admission).toEqual({ maxInFlight: 16, maxQueued: 64, maxQueuedStreams: 1_000, maxWaitMs: 1_000, retryAfterSeconds: 1 });
    expect(DEFAULT_ADMISSION).toEqual(loadConfig({}).admission);
  });

  it("reads each limit, and ADMISSION_MAX_IN_FLIGHT=0 turns admission control off", () => {
    const env = { ADMISSION_MAX_IN_FLIGHT: "4", ADMISSION_MAX_QUEUED: "0", ADMISSION_MAX_QUEUED_STREAMS: "7", ADMISSION_MAX_WAIT_MS: "250", ADMISSION_RETRY_AFTER_S: "5" };
    expect(loadConfig(env).admission).toEqual({ maxInFlight: 4, maxQueued: 0, maxQueuedStreams: 7, maxWaitMs: 250, retryAfterSeconds: 5 });
    expect(loadConfig({ ADMISSION_MAX_IN_FLIGHT: "0" }).admission).toBeNull();
  });

  it("fails with a message naming the variable", () => {
    expect(() => loadConfig({ ADMISSION_MAX_IN_FLIGHT: "-1" })).toThrow(/ADMISSION_MAX_IN_FLIGHT/);
    expect(() => loadConfig({ ADMISSION_MAX_QUEUED: "many" })).toThrow(/ADMISSION_MAX_QUEUED/);
    expect(() => loadConfig({ ADMISSION_MAX_QUEUED_STREAMS: "-2" })).toThrow(/ADMISSION_MAX_QUEUED_STREAMS/);
    expect(() => loadConfig({ ADMISSION_MAX_WAIT_MS: "0" })).toThrow(/ADMISSION_MAX_WAIT_MS/);
    expect(() => loadConfig({ ADMISSION_RETRY_AFTER_S: "1.5" })).toThrow(/ADMISSION_RETRY_AFTER_S/);
  });
});
